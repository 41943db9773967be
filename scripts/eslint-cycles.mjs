/**
 * ESLint rule `local/no-type-cycle`: an import cycle that runs through a type-only import.
 * `import/no-cycle` skips type-only imports (`import type`, `export type … from`), so a circle such
 * as `lib/domain/cart.ts → (type) lib/contracts/auth.ts → lib/domain/cart.ts` would pass it; this
 * rule reports each import whose target is in a cycle of the whole graph (type imports included)
 * but not in a cycle of the value imports alone (those are import/no-cycle's). One graph per
 * process, built from the app's folders with the TypeScript parser, and rebuilt when a file of
 * them changes (checked every few seconds, for editors that keep ESLint running).
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const FOLDERS = ['lib', 'components', 'pages', 'bench', 'scripts', 'e2e', '__tests__', 'instrumentation.ts'];
const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.mjs', '.js', '/index.ts', '/index.tsx'];
const TTL_MS = 5000;

function listFiles(entry, out) {
  const full = path.join(ROOT, entry);
  if (!fs.existsSync(full)) return out;
  if (fs.statSync(full).isDirectory()) {
    for (const name of fs.readdirSync(full)) if (name !== 'node_modules' && name !== 'results') listFiles(path.join(entry, name), out);
  } else if (SOURCE.test(full) && !full.endsWith('.d.ts') && !full.endsWith('.d.mts')) out.push(full);
  return out;
}

/** The file an app import names ('@/…' or relative), or undefined for a package. */
function resolve(specifier, from) {
  const base = specifier.startsWith('@/') ? path.join(ROOT, specifier.slice(2)) : specifier.startsWith('.') ? path.resolve(path.dirname(from), specifier) : undefined;
  if (!base) return undefined;
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile() && SOURCE.test(candidate)) return candidate;
  }
  return undefined;
}

/** Every app import of a file: `{ target, typeOnly, node position }`. */
function importsOf(file) {
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found = [];
  const add = (specifier, typeOnly) => {
    const target = resolve(specifier.text, file);
    if (target) found.push({ target, typeOnly, line: source.getLineAndCharacterOfPosition(specifier.getStart(source)).line + 1 });
  };
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
      const typeOnly = Boolean(clause && (clause.isTypeOnly || (!clause.name && named && named.length > 0 && named.every((e) => e.isTypeOnly))));
      add(node.moduleSpecifier, typeOnly);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const named = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : undefined;
      add(node.moduleSpecifier, node.isTypeOnly || Boolean(named && named.length > 0 && named.every((e) => e.isTypeOnly)));
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      add(node.arguments[0], false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      add(node.argument.literal, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Tarjan's strongly connected components: file → component number. */
function components(files, edges) {
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const component = new Map();
  let counter = 0;
  let count = 0;
  const connect = (v) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges(v)) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.set(w, count);
      } while (w !== v);
      count++;
    }
  };
  for (const file of files) if (!index.has(file)) connect(file);
  return component;
}

/** The files and their modification times: the graph is rebuilt only when this changes. */
const signature = (files) => files.map((file) => `${file}:${fs.statSync(file).mtimeMs}`).join('\n');

let cache;
function graph() {
  if (cache && Date.now() - cache.at < TTL_MS) return cache;
  const files = FOLDERS.flatMap((entry) => listFiles(entry, []));
  const sign = signature(files);
  if (cache?.sign === sign) {
    cache.at = Date.now();
    return cache;
  }
  const imports = new Map(files.map((file) => [file, importsOf(file)]));
  const targets = (file, withTypes) => (imports.get(file) ?? []).filter((i) => withTypes || !i.typeOnly).map((i) => i.target).filter((t) => imports.has(t));
  cache = { at: Date.now(), sign, imports, all: components(files, (f) => targets(f, true)), values: components(files, (f) => targets(f, false)) };
  return cache;
}

export const noTypeCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Import cycles that run through type-only imports (import/no-cycle checks the others).' },
    schema: [],
  },
  create(context) {
    const file = context.physicalFilename ?? context.getPhysicalFilename();
    return {
      'Program:exit'() {
        const { imports, all, values } = graph();
        const mine = all.get(file);
        if (mine === undefined) return;
        for (const i of imports.get(file) ?? []) {
          if (all.get(i.target) !== mine || values.get(i.target) === values.get(file)) continue;
          context.report({
            loc: { line: i.line, column: 0 },
            message: `Import cycle through type-only imports: ${path.relative(ROOT, file)} → ${path.relative(ROOT, i.target)} leads back here (the cycle runs through a type-only import): move the shared type down a layer (ARCHITECTURE.md, Layers).`,
          });
        }
      },
    };
  },
};

const plugin = { rules: { 'no-type-cycle': noTypeCycle } };
export default plugin;
