import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { developerWordsIn } from '@vidmatrix/contract/rules/member-words';

const SRC = import.meta.dirname;
const CJK = /[\u4e00-\u9fff]/;
/** Attributes a screen reader or a member reads (a placeholder may show an example such as https://). */
const READ_ATTRIBUTES = new Set(['aria-label', 'title', 'placeholder', 'alt']);
const LABEL_ATTRIBUTES = new Set(['aria-label', 'title', 'alt']);
/** antd icons label themselves in English (aria-label="dashboard"): beside a text they are hidden from readers. */
const ICON = /(Outlined|Filled|TwoTone)$/;
/** Where every icon stands beside its text: the console's frame and its first page (issue 25). */
const ICONS_BESIDE_TEXT = ['app/layouts/', 'features/dashboard/'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      return sourceFiles(path);
    }
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** What a member can read in one file: Chinese strings, JSX text and read attributes, with where each is. */
function memberTexts(file: string): { text: string; at: string; attribute?: string }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: { text: string; at: string; attribute?: string }[] = [];
  const at = (node: ts.Node) =>
    `${relative(SRC, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText()) && node.initializer) {
      const value = ts.isStringLiteral(node.initializer) ? node.initializer.text : null;
      if (value !== null) {
        found.push({ text: value, at: at(node), attribute: node.name.getText() });
      }
    } else if (ts.isJsxText(node) && node.text.trim()) {
      found.push({ text: node.text, at: at(node) });
    } else if (
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node)) &&
      CJK.test(node.text)
    ) {
      found.push({ text: node.text, at: at(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const files = sourceFiles(SRC);
const texts = files.flatMap(memberTexts);

/** antd icon elements in a file that neither hide from readers nor carry a label of their own. */
function unlabelledIcons(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) && ICON.test(node.tagName.getText())) {
      const names = node.attributes.properties.map((p) => (ts.isJsxAttribute(p) ? p.name.getText() : ''));
      if (!names.includes('aria-hidden') && !names.includes('aria-label')) {
        found.push(`${relative(SRC, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("the web client's member-facing text", () => {
  it('names no command, variable, token header or developer format', () => {
    const found = texts.flatMap(({ text, at }) => developerWordsIn(text).map((word) => `${at}: ${word}`));
    expect(found).toEqual([]);
  });

  it('labels things in Chinese for screen readers and tooltips', () => {
    const english = texts.filter(
      ({ text, attribute }) => attribute && LABEL_ATTRIBUTES.has(attribute) && /[a-z]/i.test(text) && !CJK.test(text),
    );
    expect(english.map(({ text, at }) => `${at}: ${text}`)).toEqual([]);
  });

  it('hides the icons of the console frame and dashboard from screen readers (their English names)', () => {
    const inScope = files.filter((file) => ICONS_BESIDE_TEXT.some((dir) => relative(SRC, file).startsWith(dir)));
    expect(inScope.length).toBeGreaterThan(3);
    expect(inScope.flatMap(unlabelledIcons)).toEqual([]);
  });
});
