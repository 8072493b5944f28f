// A cover's upload shows its progress (issue 22, item 7): a progress bar with the share sent, then «the server is
// working on it» until it answers; the limits are the server's (30 MB checked before sending).
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { mutaboMessages } from '../../common/mutabo/fields.ts';
import { MAX_IMAGE_BYTES } from '../../common/mutabo/uploads.ts';
import { server } from '../support/server.ts';
import { gate } from '../support/gate.ts';
import { storeSession } from '../support/tokens.ts';
import { author, meHandler } from '../support/users.ts';
import { renderApp } from '../support/renderApp.tsx';
import { siteApiHandlers } from '../support/siteData.ts';
import { mutaboHandlers } from './mutaboData.ts';
import { FIRST_RENDER, preloadArea } from './preloadArea.ts';

beforeAll(preloadArea);
vi.setConfig({ testTimeout: 15000 });

const openEditor = async () => {
  const view = renderApp('/mutabo/courses/5');
  await screen.findByRole('form', { name: 'Курс' }, FIRST_RENDER);
  return view;
};

const cover = () => new File([new Uint8Array(3 * 1024 * 1024)], 'Обложка.jpg', { type: 'image/jpeg' });

/**
 * An XMLHttpRequest whose upload the test moves by hand: jsdom sends a body at once, so the steps between 0 and 100 %
 * are seen only this way.
 */
class SteppedRequest extends EventTarget {
  static last: SteppedRequest | null = null;
  readonly upload = new EventTarget();
  status = 0;
  responseText = '';
  headers: Record<string, string> = {};
  body: unknown = null;

  open() {}
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    SteppedRequest.last = this;
  }
  getAllResponseHeaders() {
    return 'content-type: application/json\r\n';
  }
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(Object.assign(new Event('progress'), { lengthComputable: true, loaded, total }));
  }
  sent() {
    this.upload.dispatchEvent(new Event('load'));
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.dispatchEvent(new Event('load'));
  }
}

describe('a cover’s upload', () => {
  beforeEach(() => {
    storeSession();
    server.use(...siteApiHandlers(), meHandler(author), ...mutaboHandlers());
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    SteppedRequest.last = null;
  });

  it('says what the field takes: 30 MB and 40 megapixels, a big photo made smaller', async () => {
    await openEditor();
    expect(screen.getByLabelText('Картинка курса: загрузить файл')).toHaveAccessibleDescription(
      'JPEG, PNG или WebP, до 30 МБ и 40 мегапикселей. Снимок больше 2400 точек по длинной стороне сайт уменьшит сам.',
    );
  });

  it('shows a progress bar with the share sent, then that the server is preparing the image, then the preview', async () => {
    vi.stubGlobal('XMLHttpRequest', SteppedRequest);
    const { user } = await openEditor();
    await user.upload(screen.getByLabelText('Картинка курса: загрузить файл'), cover());
    const bar = await screen.findByRole('progressbar', { name: 'Загрузка «Обложка.jpg»' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    const request = SteppedRequest.last!;
    expect(request.headers.Authorization).toMatch(/^Bearer /);
    expect(request.body).toBeInstanceOf(FormData);

    act(() => request.progress(1024 * 1024, 4 * 1024 * 1024));
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(bar).toHaveAttribute('aria-valuetext', '25\u00a0%');
    // (Testing Library reads the no-break space before «%» as a space.)
    expect(screen.getByText('Загружаем «Обложка.jpg» (3 МБ): 25 %. Не закрывайте страницу.')).toBeInTheDocument();
    act(() => request.progress(3 * 1024 * 1024, 4 * 1024 * 1024));
    expect(bar).toHaveAttribute('aria-valuenow', '75');

    act(() => request.sent());
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText(/Файл получен, сервер готовит изображение: большое уменьшит до 2400 точек/)).toBeInTheDocument();

    act(() => request.answer(201, { url: '/media/0123456789abcdef/cover.jpg', thumbnail: '/media/0123456789abcdef/cover-thumb.webp' }));
    await waitFor(() => expect(screen.getByLabelText('Картинка курса: адрес')).toHaveValue('/media/0123456789abcdef/cover.jpg'));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Картинка курса: предпросмотр' })).toHaveAttribute('src', '/media/0123456789abcdef/cover.jpg');
  });

  it('shows the server’s refusal of a picture over 40 megapixels under the field, and the bar goes', async () => {
    vi.stubGlobal('XMLHttpRequest', SteppedRequest);
    const { user } = await openEditor();
    await user.upload(screen.getByLabelText('Картинка курса: загрузить файл'), cover());
    await screen.findByRole('progressbar');
    const refusal = 'Изображение больше 40 мегапикселей: уменьшите его и загрузите снова.';
    act(() => {
      SteppedRequest.last!.sent();
      SteppedRequest.last!.answer(400, { file: [refusal] });
    });
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Картинка курса: адрес')).toHaveValue('');
  });

  it('goes through the real XMLHttpRequest to the API (msw), the bar shown while it waits', async () => {
    const answer = gate();
    server.use(
      http.post('*/api/v1/mutabo/uploads/', async ({ request }) => {
        expect((await request.formData()).has('file')).toBe(true);
        await answer.opened;
        return HttpResponse.json({ url: '/media/0123456789abcdef/cover.jpg' }, { status: 201 });
      }),
    );
    const { user } = await openEditor();
    await user.upload(screen.getByLabelText('Картинка курса: загрузить файл'), cover());
    // msw reports the upload's progress only with its answer, so the bar is seen here, not its steps.
    await screen.findByRole('progressbar');
    answer.open();
    await waitFor(() => expect(screen.getByLabelText('Картинка курса: адрес')).toHaveValue('/media/0123456789abcdef/cover.jpg'));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('refuses a file over 30 MB before sending anything', async () => {
    let sent = false;
    server.use(
      http.post('*/api/v1/mutabo/uploads/', () => {
        sent = true;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    const { user } = await openEditor();
    await user.upload(screen.getByLabelText('Картинка курса: загрузить файл'), new File([new Uint8Array(MAX_IMAGE_BYTES + 1)], 'huge.png', { type: 'image/png' }));
    expect(await screen.findByText(mutaboMessages.uploadImageTooLarge)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(sent).toBe(false);
  });
});
