// Exported functions name their parameters in words (design review §7 item 6): `(a)`, `(c)`,
// `(r)` say nothing at a call site's hover or in a stack trace. A parameter of one letter is
// refused on a function a module exports from bff/ or shared/ (test files aside); `_` (unused)
// and destructured parameters are fine. The compiler reads the files, so no rule of ESLint's
// needs to be bent to exported signatures only. scripts/parameter-names.unit.test.ts runs it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** `file:line name(param)` for each exported function's one-letter parameter in `source`. */
export function oneLetterParameters(file: string, source: string): string[] {
  const tree = ts.createSourceFile(
    file,
    source,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const exported = (node: ts.Node) =>
    ts.canHaveModifiers(node) &&
    (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  function check(name: string, fn: ts.SignatureDeclarationBase) {
    for (const parameter of fn.parameters) {
      if (
        ts.isIdentifier(parameter.name) &&
        parameter.name.text.length === 1 &&
        parameter.name.text !== '_'
      ) {
        const { line } = tree.getLineAndCharacterOfPosition(parameter.getStart(tree));
        found.push(`${file}:${line + 1} ${name}(${parameter.name.text})`);
      }
    }
  }
  for (const statement of tree.statements) {
    if (!exported(statement)) continue;
    if (ts.isFunctionDeclaration(statement)) check(statement.name?.text ?? 'default', statement);
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const value = declaration.initializer;
        if (value && (ts.isArrowFunction(value) || ts.isFunctionExpression(value)))
          check(declaration.name.getText(tree), value);
      }
    }
    if (ts.isClassDeclaration(statement)) {
      for (const member of statement.members) {
        const isPrivate = ((ts.canHaveModifiers(member) && ts.getModifiers(member)) || []).some(
          (m) => m.kind === ts.SyntaxKind.PrivateKeyword,
        );
        if (!isPrivate && (ts.isMethodDeclaration(member) || ts.isConstructorDeclaration(member)))
          check(`${statement.name?.text}.${member.name?.getText(tree) ?? 'constructor'}`, member);
      }
    }
  }
  return found;
}

/** The source files (not tests, not generated) under `dirs`, repo-relative. */
export function sourceFiles(root: string, dirs: string[]): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(relative);
      } else if (
        /\.tsx?$/.test(entry.name) &&
        !/\.test\.tsx?$|\.gen\.ts$|\.d\.ts$/.test(entry.name)
      )
        files.push(relative);
    }
  };
  for (const dir of dirs) walk(dir);
  return files;
}

/** Every exported function's one-letter parameter in bff/ and shared/. */
export function findOneLetterParameters(root: string): string[] {
  return sourceFiles(root, ['bff', 'shared']).flatMap((file) =>
    oneLetterParameters(file, readFileSync(path.join(root, file), 'utf8')),
  );
}
