// The read-only draft-js editor; imported lazily by RichText so draft-js stays out of the first load.
import { ContentState, Editor, EditorState, convertFromRaw, type RawDraftContentState } from 'draft-js';
import { useMemo } from 'react';

function toEditorState(raw: RawDraftContentState): EditorState {
  try {
    return EditorState.createWithContent(convertFromRaw(raw));
  } catch {
    return EditorState.createWithContent(ContentState.createFromText(raw.blocks.map((block) => block.text).join('\n')));
  }
}

export default function DraftView({ raw }: { raw: RawDraftContentState }) {
  const editorState = useMemo(() => toEditorState(raw), [raw]);
  return <Editor editorState={editorState} readOnly onChange={() => {}} />;
}
