// One word for a lesson (issue 22, item 4): the site, the area, the shared messages and the server's letters say
// «занятие», never «урок». Only what a person can read is checked: string literals, template text and JSX text,
// found with TypeScript's own parser, so identifiers and comments never count. The demo's course descriptions
// (server/src/db/demo) are the authors' prose, not the site's words, and are left out.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const LESSON_WORD = /урок/i;

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.includes(`${path.sep}db${path.sep}demo${path.sep}`));
}

/** The texts a person can read in one file's source: its string literals, template pieces and JSX text. */
function readableTexts(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const texts: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node) || ts.isJsxText(node)) {
      texts.push(node.text);
    }
    node.forEachChild(visit);
  };
  visit(file);
  return texts;
}

function lessonWordsIn(dir: string): string[] {
  return sourceFiles(dir).flatMap((file) =>
    readableTexts(file, readFileSync(file, 'utf8'))
      .filter((text) => LESSON_WORD.test(text))
      .map((text) => `${path.relative(root, file)}: ${text.trim()}`),
  );
}

describe('the word for a lesson', () => {
  it.each(['src', 'common', 'server/src'])('is «занятие» in every text of %s', (dir) => {
    expect(sourceFiles(dir).length).toBeGreaterThan(10);
    expect(lessonWordsIn(dir)).toEqual([]);
  });

  it('finds the word in texts and only there (the check itself works)', () => {
    const source = ['// Урок: a comment does not count', 'const урокCount = 1;', "const a = 'Новый урок';", 'const b = `Урок ${урокCount}`;', 'const c = <p>Уроки курса</p>;'].join('\n');
    expect(readableTexts('example.tsx', source).filter((text) => LESSON_WORD.test(text))).toEqual(['Новый урок', 'Урок ', 'Уроки курса']);
  });
});
