/**
 * The project's import graph and the rules STYLE.md asks of it: no cycles (type-only imports
 * count, since a type that closes a cycle belongs in a file of its own) and a design system that
 * knows no data. Dynamic `import()` is the sanctioned way to load a module lazily: it cannot take
 * part in a load-order cycle, so the static graph leaves it out. A loop that runs through one still
 * ties the chunks together (the lazy page imports back what loads it), so the lint also checks the
 * graph with `import()` edges (`buildGraph(…, { dynamic: true })`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';

export type ImportGraph = Map<string, string[]>;

/** Static import and re-export specifiers of one source text (type-only ones included). */
export function staticImports(source: string): string[] {
  const file = ts.createSourceFile('module.tsx', source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const specs: string[] = [];
  for (const statement of file.statements) {
    if (
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      specs.push(statement.moduleSpecifier.text);
    }
  }
  return specs;
}

/** Specifiers of `import('…')` calls with a literal argument: the lazily loaded files. */
export function dynamicImports(source: string): string[] {
  const file = ts.createSourceFile('module.tsx', source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const specs: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) specs.push(arg.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return specs;
}

/** Resolves a relative specifier the way the bundler does (`./x.js` → `./x.ts`), or undefined. */
export function resolveRelative(fromFile: string, specifier: string, exists: (path: string) => boolean = existsSync): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = normalize(join(dirname(fromFile), specifier));
  const stem = base.replace(/\.(js|jsx|mjs)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((c) => /\.(ts|tsx)$/.test(c) && exists(c));
}

/**
 * Builds the graph of the given project files (paths relative to the repository root): static
 * imports only, or with `dynamic` the lazy `import()` edges as well.
 */
export function buildGraph(
  files: string[],
  read: (file: string) => string = (f) => readFileSync(f, 'utf8'),
  options: { dynamic?: boolean } = {},
): ImportGraph {
  const known = new Set(files);
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const edges = new Set<string>();
    const source = read(file);
    const specs = options.dynamic ? [...staticImports(source), ...dynamicImports(source)] : staticImports(source);
    for (const spec of specs) {
      const target = resolveRelative(file, spec, (p) => known.has(p));
      if (target) edges.add(target);
    }
    graph.set(file, [...edges]);
  }
  return graph;
}

/** Every cycle of the graph, one per strongly connected component (Tarjan), as a file loop. */
export function findCycles(graph: ImportGraph): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];

  const connect = (node: string) => {
    indices.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, indices.get(next) ?? 0));
      }
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      const selfLoop = component.length === 1 && (graph.get(node) ?? []).includes(node);
      if (component.length > 1 || selfLoop) components.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) connect(node);
  return components;
}

/**
 * Cycles that only close through a lazy `import()`: those of the graph with dynamic edges that are
 * not already a static cycle (the lint reports those on their own).
 */
export function lazyCycles(staticGraph: ImportGraph, fullGraph: ImportGraph): string[][] {
  const known = new Set(findCycles(staticGraph).map((c) => c.join('\n')));
  return findCycles(fullGraph).filter((c) => !known.has(c.join('\n')));
}

/** A boundary: files matching `from` may not import files matching any of `forbidden`. */
export interface Boundary {
  name: string;
  from: (file: string) => boolean;
  forbidden: (file: string) => boolean;
  /** Bare package specifiers the files may not import either (e.g. the router). */
  forbiddenPackages?: RegExp;
}

export const boundaries: Boundary[] = [
  {
    name: 'app/ui is presentational: no import from app/data, app/features, app/routes or the router',
    from: (f) => f.startsWith('app/ui/'),
    forbidden: (f) => f.startsWith('app/data/') || f.startsWith('app/features/') || f.startsWith('app/routes/') || f === 'app/router.tsx',
    forbiddenPackages: /^@tanstack\/react-router/,
  },
  {
    name: 'schema/ is shared by app and server: it imports neither',
    from: (f) => f.startsWith('schema/'),
    forbidden: (f) => f.startsWith('app/') || f.startsWith('sync-server/'),
  },
  {
    name: 'the server does not import the app',
    // An area's sync suites, beside it, play devices: they run the app's data layer against the server.
    from: (f) => f.startsWith('sync-server/') && !/\.test\.tsx?$/.test(f),
    forbidden: (f) => f.startsWith('app/'),
  },
];

/** Offences against the boundaries, as `file: rule: imported`. */
export function boundaryOffences(graph: ImportGraph, packagesOf: (file: string) => string[] = () => []): string[] {
  const out: string[] = [];
  for (const [file, edges] of graph) {
    for (const rule of boundaries) {
      if (!rule.from(file)) continue;
      for (const target of edges) if (rule.forbidden(target)) out.push(`${file}: ${rule.name}: imports ${target}`);
      if (rule.forbiddenPackages) {
        for (const spec of packagesOf(file)) if (rule.forbiddenPackages.test(spec)) out.push(`${file}: ${rule.name}: imports ${spec}`);
      }
    }
  }
  return out;
}
