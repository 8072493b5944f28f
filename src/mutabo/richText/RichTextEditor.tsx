// The draft-js rich-text editor of the area: bold, italic, headings, lists and links, stored as draft-js raw
// JSON (the format the site's pages display). It lives in the area's chunk, never in the visitor pages'.
import 'draft-js/dist/Draft.css';
import {
  CompositeDecorator,
  ContentState,
  Editor,
  EditorState,
  RichUtils,
  convertFromRaw,
  convertToRaw,
  type ContentBlock,
  type DraftHandleValue,
} from 'draft-js';
import { useId, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { FieldError } from '../../components/form/fields.tsx';
import { parseRichText } from '../../lib/richText.ts';

function findLinks(block: ContentBlock, callback: (start: number, end: number) => void, content: ContentState) {
  block.findEntityRanges((character) => {
    const key = character.getEntity();
    return key !== null && content.getEntity(key).getType() === 'LINK';
  }, callback);
}

function LinkSpan({ contentState, entityKey, children }: { contentState: ContentState; entityKey: string; children: ReactNode }) {
  const { url } = contentState.getEntity(entityKey).getData() as { url: string };
  return (
    <a href={url} title={url}>
      {children}
    </a>
  );
}

const decorator = new CompositeDecorator([{ strategy: findLinks, component: LinkSpan }]);

function initialState(value: string): EditorState {
  const parsed = parseRichText(value);
  if (parsed.kind === 'plain') {
    return parsed.text
      ? EditorState.createWithContent(ContentState.createFromText(parsed.text), decorator)
      : EditorState.createEmpty(decorator);
  }
  try {
    return EditorState.createWithContent(convertFromRaw(parsed.raw), decorator);
  } catch {
    return EditorState.createWithContent(ContentState.createFromText(parsed.raw.blocks.map((b) => b.text).join('\n')), decorator);
  }
}

/** Raw JSON of the content, or '' when it holds no text. */
function serialise(content: ContentState): string {
  return content.hasText() ? JSON.stringify(convertToRaw(content)) : '';
}

// Bold and italic show a letter, named in full for assistive technology; the others are named by their text.
const INLINE_STYLES = [
  { style: 'BOLD', label: 'Ж', name: 'Жирный' },
  { style: 'ITALIC', label: 'К', name: 'Курсив' },
] as const;

const BLOCK_TYPES = [
  { type: 'header-two', label: 'Заголовок' },
  { type: 'header-three', label: 'Подзаголовок' },
  { type: 'unordered-list-item', label: 'Список' },
  { type: 'ordered-list-item', label: 'Нумерованный список' },
] as const;

const Frame = styled.div<{ $invalid: boolean }>`
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};

  &:focus-within {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => theme.space(1)};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.paper};
`;

const ToolButton = styled.button`
  position: relative;
  min-width: 44px;
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space(2)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-size: ${({ theme }) => theme.fonts.sizes.small};
  font-weight: 700;
  cursor: pointer;

  &:disabled {
    cursor: not-allowed;
    opacity: 0.5;
  }

  &[aria-pressed='true'] {
    border-color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
  }
`;

const Surface = styled.div`
  min-height: 8rem;
  padding: ${({ theme }) => theme.space(3)};
  line-height: 1.6;
  cursor: text;

  .public-DraftEditor-content {
    min-height: 6rem;
  }
  h2,
  h3 {
    margin: 0.5em 0;
  }
  ul,
  ol {
    margin: 0.5em 0;
  }
`;

const LinkRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(2)};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  input {
    flex: 1 1 12rem;
    min-height: 44px;
    padding: 0 ${({ theme }) => theme.space(2)};
    font: inherit;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius};
  }
`;

const Label = styled.span`
  display: block;
  margin-bottom: ${({ theme }) => theme.space(1)};
  font-weight: 600;
`;

const Row = styled.div`
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

interface RichTextEditorProps {
  label: string;
  /** Raw JSON or plain text, read once when the editor opens. */
  initialValue: string;
  onChange: (value: string) => void;
  error?: string;
}

export function RichTextEditor({ label, initialValue, onChange, error }: RichTextEditorProps) {
  const [editorState, setEditorState] = useState(() => initialState(initialValue));
  const [linkUrl, setLinkUrl] = useState<string | null>(null);
  const editorRef = useRef<Editor>(null);
  const labelId = useId();
  const errorId = useId();

  const update = (next: EditorState) => {
    const changed = next.getCurrentContent() !== editorState.getCurrentContent();
    setEditorState(next);
    if (changed) onChange(serialise(next.getCurrentContent()));
  };

  const handleKeyCommand = (command: string, state: EditorState): DraftHandleValue => {
    const next = RichUtils.handleKeyCommand(state, command);
    if (!next) return 'not-handled';
    update(next);
    return 'handled';
  };

  const currentStyle = editorState.getCurrentInlineStyle();
  const selection = editorState.getSelection();
  const blockType = editorState.getCurrentContent().getBlockForKey(selection.getStartKey())?.getType();

  const applyLink = () => {
    const url = (linkUrl ?? '').trim();
    if (url) {
      const content = editorState.getCurrentContent().createEntity('LINK', 'MUTABLE', { url });
      const withEntity = EditorState.set(editorState, { currentContent: content });
      update(RichUtils.toggleLink(withEntity, withEntity.getSelection(), content.getLastCreatedEntityKey()));
    }
    setLinkUrl(null);
  };

  // The toolbar keeps the editor's selection: a mouse press on a button does not take focus from the text.
  const keepSelection = (event: MouseEvent) => event.preventDefault();

  return (
    <Row>
      <Label id={labelId}>{label}</Label>
      <Frame $invalid={Boolean(error)}>
        <Toolbar role="toolbar" aria-label={`Оформление: ${label}`}>
          {INLINE_STYLES.map((item) => (
            <ToolButton
              key={item.style}
              type="button"
              title={item.name}
              aria-label={item.name}
              aria-pressed={currentStyle.has(item.style)}
              onMouseDown={keepSelection}
              onClick={() => update(RichUtils.toggleInlineStyle(editorState, item.style))}
            >
              {item.label}
            </ToolButton>
          ))}
          {BLOCK_TYPES.map((item) => (
            <ToolButton
              key={item.type}
              type="button"
              aria-pressed={blockType === item.type}
              onMouseDown={keepSelection}
              onClick={() => update(RichUtils.toggleBlockType(editorState, item.type))}
            >
              {item.label}
            </ToolButton>
          ))}
          <ToolButton
            type="button"
            title="Ссылка: выделите текст и укажите адрес"
            aria-pressed={linkUrl !== null}
            disabled={selection.isCollapsed()}
            onMouseDown={keepSelection}
            onClick={() => setLinkUrl(linkUrl === null ? 'https://' : null)}
          >
            Ссылка
          </ToolButton>
          <ToolButton
            type="button"
            title="Убрать ссылку"
            disabled={selection.isCollapsed()}
            onMouseDown={keepSelection}
            onClick={() => update(RichUtils.toggleLink(editorState, selection, null))}
          >
            Убрать ссылку
          </ToolButton>
        </Toolbar>
        {linkUrl !== null ? (
          <LinkRow>
            <input
              aria-label="Адрес ссылки"
              type="url"
              value={linkUrl}
              onChange={(event) => setLinkUrl(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  applyLink();
                }
              }}
            />
            <ToolButton type="button" onClick={applyLink}>
              Вставить
            </ToolButton>
          </LinkRow>
        ) : null}
        <Surface onClick={() => editorRef.current?.focus()}>
          <Editor
            ref={editorRef}
            editorState={editorState}
            onChange={update}
            handleKeyCommand={handleKeyCommand}
            ariaLabelledBy={labelId}
            ariaDescribedBy={error ? errorId : undefined}
            ariaMultiline
            spellCheck
          />
        </Surface>
      </Frame>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </Row>
  );
}
