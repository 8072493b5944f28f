// Reads an .ics text back with ical.js (a strict RFC 5545 parser) and checks what RFC 5545 requires of every
// calendar and event, so a test fails on a file a calendar program would refuse.
import ICAL from 'ical.js';
import { expect } from 'vitest';

export interface IcsEvent {
  uid: string;
  sequence: number;
  status: string | null;
  summary: string;
  description: string;
  location: string | null;
  url: string | null;
  start: Date;
  end: Date;
}

export function readIcs(text: string): { name: string | null; method: string | null; events: IcsEvent[] } {
  expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  // Every line ends with CRLF and is folded at 75 octets.
  for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name).toBe('vcalendar');
  expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
  expect(calendar.getFirstPropertyValue('prodid')).toBeTruthy();
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    for (const required of ['uid', 'dtstamp', 'dtstart']) expect(component.hasProperty(required), required).toBe(true);
    const event = new ICAL.Event(component);
    const text = (name: string) => {
      const value = component.getFirstPropertyValue(name);
      return value === null ? null : String(value);
    };
    return {
      uid: event.uid,
      sequence: event.sequence,
      status: text('status'),
      summary: event.summary,
      description: event.description,
      location: text('location'),
      url: text('url'),
      start: event.startDate.toJSDate(),
      end: event.endDate.toJSDate(),
    };
  });
  return { name: (calendar.getFirstPropertyValue('x-wr-calname') as string | null) ?? null, method: (calendar.getFirstPropertyValue('method') as string | null) ?? null, events };
}
