// An image of a course or an author's photo: upload a file (or give its address), with a preview of what visitors will see.
import type { ComponentProps } from 'react';
import { UploadField } from '../forms/UploadField.tsx';

export function ImageField(props: Omit<ComponentProps<typeof UploadField>, 'kind' | 'hint'>) {
  return <UploadField kind="image" hint="JPEG, PNG или WebP, до 5 МБ." {...props} />;
}
