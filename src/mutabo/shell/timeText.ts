// Times from the API as the area shows them: in the reader's own time zone, «05.03.2027, 18:30».
const dateTime = new Intl.DateTimeFormat('ru-RU', { dateStyle: 'short', timeStyle: 'short' });

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTime.format(date);
}

const inZone = new Map<string, Intl.DateTimeFormat>();

/** As formatDateTime, in the given IANA zone (a course's); an unknown zone falls back to the reader's own. */
export function formatDateTimeIn(iso: string | null | undefined, timeZone: string | undefined): string {
  if (!iso || !timeZone) return formatDateTime(iso);
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  let format = inZone.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('ru-RU', { dateStyle: 'short', timeStyle: 'short', timeZone });
    } catch {
      return formatDateTime(iso);
    }
    inZone.set(timeZone, format);
  }
  return format.format(date);
}
