// A file's size as the homework pages show it, for a participant and for the authors alike.

/** «1,5 МБ», «320 КБ», «12 Б». */
export function fileSizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toLocaleString('ru-RU', { maximumFractionDigits: 1 })}\u00a0МБ`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)}\u00a0КБ`;
  return `${bytes}\u00a0Б`;
}
