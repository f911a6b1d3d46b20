import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { developerWordsIn, iconButtonLabelProblem, isEnglishLabel } from '@vidmatrix/contract/rules/member-words';

const SRC = import.meta.dirname;
const CJK = /[\u4e00-\u9fff]/;
/** Attributes a screen reader or a member reads (a placeholder may show an example such as https://). */
const READ_ATTRIBUTES = new Set(['aria-label', 'title', 'placeholder', 'alt']);
const LABEL_ATTRIBUTES = new Set(['aria-label', 'title', 'alt']);
/** antd icons label themselves in English (aria-label="dashboard"): beside a text they are hidden from readers. */
const ICON = /(Outlined|Filled|TwoTone)$/;
/** Elements that act when pressed: an icon alone inside one needs a name of its own. */
const CONTROL = /^(Button|button|a|Link)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      return sourceFiles(path);
    }
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const parsedFiles = new Map<string, ts.SourceFile>();
/** The file's syntax tree, parsed once for all the checks (the machine is shared: each test has 5 s). */
function parsed(file: string): ts.SourceFile {
  let source = parsedFiles.get(file);
  if (!source) {
    source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    parsedFiles.set(file, source);
  }
  return source;
}

/** What a member can read in one file: Chinese strings, JSX text and read attributes, with where each is. */
function memberTexts(file: string): { text: string; at: string; attribute?: string }[] {
  const source = parsed(file);
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

const position = (source: ts.SourceFile, file: string, node: ts.Node) =>
  `${relative(SRC, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;

/** The attributes of a JSX element by name. */
function attributesOf(node: ts.JsxOpeningLikeElement): Map<string, ts.JsxAttribute> {
  return new Map(
    node.attributes.properties.flatMap((p) => (ts.isJsxAttribute(p) ? [[p.name.getText(), p] as const] : [])),
  );
}

/**
 * What a label attribute says, as far as the source shows: a literal's text; for an expression, its
 * Chinese literal or a catalogue message (Msg.x) when it has one, else its first English literal.
 */
function labelText(attribute: ts.JsxAttribute | undefined): string | null {
  const value = attribute?.initializer;
  if (!value) {
    return null;
  }
  if (ts.isStringLiteral(value)) {
    return value.text;
  }
  const literals: string[] = [];
  let message = false;
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) {
      literals.push(node.text);
    }
    message ||= ts.isPropertyAccessExpression(node) && node.expression.getText() === 'Msg';
    ts.forEachChild(node, visit);
  };
  visit(value);
  return (
    literals.find((text) => !isEnglishLabel(text) && text.trim()) ?? (message ? '目录消息' : (literals[0] ?? '表达式'))
  );
}

/** antd icon elements in a file that neither hide from readers nor carry a label of their own. */
function unlabelledIcons(file: string): string[] {
  const source = parsed(file);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) && ICON.test(node.tagName.getText())) {
      const names = attributesOf(node);
      if (!names.has('aria-hidden') && !names.has('aria-label')) {
        found.push(position(source, file, node));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Whether a JSX child is an icon alone: an antd icon element, or a constant named …Icon ({editIcon}). */
function isIcon(child: ts.JsxChild): boolean {
  if (ts.isJsxSelfClosingElement(child)) {
    return ICON.test(child.tagName.getText());
  }
  return ts.isJsxExpression(child) && child.expression !== undefined && /Icon$/.test(child.expression.getText());
}

/** Icon-only controls in a file (a Button with an icon and no text, a button or link holding an icon alone) whose name is not Chinese. */
function badIconButtons(file: string): string[] {
  const source = parsed(file);
  const found: string[] = [];
  const check = (opening: ts.JsxOpeningLikeElement) => {
    const names = attributesOf(opening);
    const problem = iconButtonLabelProblem({
      ariaLabel: labelText(names.get('aria-label')),
      title: labelText(names.get('title')),
    });
    if (problem) {
      found.push(`${position(source, file, opening)}: ${problem}`);
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxSelfClosingElement(node) && CONTROL.test(node.tagName.getText()) && attributesOf(node).has('icon')) {
      check(node);
    } else if (ts.isJsxElement(node) && CONTROL.test(node.openingElement.tagName.getText())) {
      const children = node.children.filter((child) => !(ts.isJsxText(child) && !child.text.trim()));
      if (children.length === 1 && children[0] && isIcon(children[0])) {
        check(node.openingElement);
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
      ({ text, attribute }) => attribute && LABEL_ATTRIBUTES.has(attribute) && isEnglishLabel(text),
    );
    expect(english.map(({ text, at }) => `${at}: ${text}`)).toEqual([]);
  });

  it('hides every antd icon from screen readers unless it is labelled (their own names are English)', () => {
    expect(files.flatMap(unlabelledIcons)).toEqual([]);
  });

  it('names every icon-only button and link in Chinese', () => {
    expect(files.flatMap(badIconButtons)).toEqual([]);
  });
});
