// The recordings feature's public entry (issue 34): the watch button and the lazily loaded player, and the words for
// lessons watched or sold as recordings.
export { RecordingPanel, WatchRecordingButton } from './LessonRecording.tsx';
export { canWatchRecording, recordingForSale, recordingLabel, watchedAsRecording } from './recordingSale.ts';
