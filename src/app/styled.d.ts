// Types `props.theme` in every styled component as the site's theme.
import 'styled-components';
import type { AppTheme } from './theme.ts';

declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- module augmentation must be an interface
  export interface DefaultTheme extends AppTheme {}
}
