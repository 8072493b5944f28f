// The schedule feature's public entry: what other features may use of it.
export { LessonRoomLinks } from './LessonRoomLinks.tsx';
export { LessonTime } from './LessonTime.tsx';
export { useVisitorTimeZone } from './visitorTimeZone.ts';
