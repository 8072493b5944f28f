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

  it('shows content that is not rich text as plain paragraphs', () => {
    render(<RichText source={'Обычный текст.\nВторая строка.'} />);
    expect(screen.getByText('Обычный текст.')).toBeInTheDocument();
    expect(screen.getByText('Вторая строка.')).toBeInTheDocument();
  });
});
