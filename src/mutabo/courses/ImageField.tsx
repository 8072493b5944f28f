// An image of a course or an author's photo: upload a file (or give its address), with a preview of what visitors will see.
import type { ComponentProps } from 'react';
import { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, STORED_IMAGE_SIDE } from '../../../common/mutabo/uploads.ts';
import { UploadField } from '../forms/UploadField.tsx';

/** What the field takes, from the same limits the server checks. */
const IMAGE_HINT = `JPEG, PNG или WebP, до ${MAX_IMAGE_BYTES / (1024 * 1024)} МБ и ${MAX_IMAGE_PIXELS / 1_000_000} мегапикселей. Снимок больше ${STORED_IMAGE_SIDE} точек по длинной стороне сайт уменьшит сам.`;

export function ImageField(props: Omit<ComponentProps<typeof UploadField>, 'kind' | 'hint'>) {
  return <UploadField kind="image" hint={IMAGE_HINT} {...props} />;
}
