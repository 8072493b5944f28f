import { render, screen, waitFor } from '@testing-library/react';
import { RichText } from '../../src/components/RichText.tsx';

describe('RichText', () => {
  it('renders raw content through draft-js', async () => {
    const raw = JSON.stringify({
      blocks: [{ key: 'a', text: 'Жирный текст урока', type: 'unstyled', depth: 0, inlineStyleRanges: [{ offset: 0, length: 6, style: 'BOLD' }], entityRanges: [], data: {} }],
      entityMap: {},
    });
    const { container } = render(<RichText source={raw} />);
    await waitFor(() => expect(container.querySelector('.public-DraftEditor-content')).not.toBeNull());
    expect(screen.getByText('Жирный')).toBeInTheDocument();
  });

  it('never turns an author’s link or image entity into a live link or a script address', async () => {
    const raw = JSON.stringify({
      blocks: [
        { key: 'a', text: 'Нажмите здесь', type: 'unstyled', depth: 0, inlineStyleRanges: [], entityRanges: [{ offset: 0, length: 7, key: 0 }], data: {} },
        { key: 'b', text: ' ', type: 'atomic', depth: 0, inlineStyleRanges: [], entityRanges: [{ offset: 0, length: 1, key: 1 }], data: {} },
        { key: 'c', text: '<img src=x onerror=alert(1)>', type: '<script>', depth: 0, inlineStyleRanges: [], entityRanges: [], data: { href: 'javascript:alert(3)' } },
      ],
      entityMap: {
        0: { type: 'LINK', mutability: 'MUTABLE', data: { url: 'javascript:alert(1)', href: 'javascript:alert(1)' } },
        1: { type: 'IMAGE', mutability: 'IMMUTABLE', data: { src: 'javascript:alert(2)' } },
      },
    });
    const { container } = render(<RichText source={raw} />);
    await waitFor(() => expect(container.querySelector('.public-DraftEditor-content')).not.toBeNull());
    expect(screen.getByText('Нажмите', { exact: false })).toBeInTheDocument();
    expect(container.querySelector('a, img, script, iframe')).toBeNull();
    expect(container.innerHTML).not.toContain('javascript:');
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
  });

  it('shows paragraphs and headings without styles as they are, never loading draft-js for them', async () => {
    const raw = JSON.stringify({
      blocks: [
        { key: 'a', text: 'О курсе', type: 'header-two', depth: 0, inlineStyleRanges: [], entityRanges: [], data: {} },
        { key: 'b', text: 'Первый абзац.', type: 'unstyled', depth: 0, inlineStyleRanges: [], entityRanges: [], data: {} },
        { key: 'c', text: '', type: 'unstyled', depth: 0, inlineStyleRanges: [], entityRanges: [], data: {} },
        { key: 'd', text: '<b>Второй</b> абзац.', type: 'unstyled', depth: 0, inlineStyleRanges: [], entityRanges: [], data: {} },
      ],
      entityMap: {},
    });
    const { container } = render(<RichText source={raw} />);
    expect(screen.getByRole('heading', { level: 2, name: 'О курсе' })).toBeInTheDocument();
    expect(screen.getByText('Первый абзац.').tagName).toBe('P');
    expect(screen.getByText('<b>Второй</b> абзац.')).toBeInTheDocument();
    expect(container.querySelectorAll('p')).toHaveLength(3);
    // Longer than the idle upgrade of styled content takes here (200 ms without requestIdleCallback).
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(container.querySelector('.public-DraftEditor-content')).toBeNull();
  });

  it('shows content that is not rich text as plain paragraphs', () => {
    render(<RichText source={'Обычный текст.\nВторая строка.'} />);
    expect(screen.getByText('Обычный текст.')).toBeInTheDocument();
    expect(screen.getByText('Вторая строка.')).toBeInTheDocument();
  });
});
