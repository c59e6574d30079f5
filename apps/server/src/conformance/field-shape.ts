/**
 * The shape of what a reference client reads from `data`, and a checker that names the endpoint and
 * the field path of every mismatch. A shape is a plain object of field specs; lists, nullable
 * fields, JSON-in-string fields, enums, records and tagged unions are built with the helpers below.
 * The same shapes render the "Reference client reads" lines of docs/api.md (formatReads), so the
 * docs and the suite cannot drift apart (endpoints-coverage.test.ts compares them).
 */

/** Field types of the wire contract. */
export type Primitive =
  /** a whole number (ids, counts, statuses) */
  | "integer"
  | "number"
  | "string"
  | "boolean"
  /** money: a string with two decimals, "1499.00" */
  | "money"
  /** 0 or 1 */
  | "flag"
  /** a point in time, unix seconds (0 = not yet) */
  | "unix"
  /**
   * a picture a reference client can load: it builds `imgDomain + "/" + path` unless the value
   * starts with http(s), so the value is "" (none), an http(s) URL or a relative path ("upload/…")
   */
  | "picture"
  /** comma-separated pictures ("upload/a.jpg,upload/b.jpg"), "" for none */
  | "pictures"
  /** an inline picture, "data:image/…" (captchas only) */
  | "dataUri"
  /** present, any value */
  | "any";

const TAG = Symbol("field-spec");

interface ListSpec {
  [TAG]: "list";
  item: FieldSpec;
  /** the list may be empty in every answer the suite sees (e.g. the children of a leaf) */
  mayBeEmpty: boolean;
}
interface NullableSpec {
  [TAG]: "nullable";
  spec: FieldSpec;
}
interface JsonSpec {
  [TAG]: "json";
  spec: FieldSpec;
}
interface OneOfSpec {
  [TAG]: "oneOf";
  values: ReadonlyArray<string | number>;
}
interface RecordSpec {
  [TAG]: "record";
  key: string;
  value: FieldSpec;
}
interface VariantsSpec {
  [TAG]: "variants";
  key: string;
  variants: Record<string, Shape>;
}
/** Nested lists of the same item under `childKey` (the category tree), `depth` levels deep. */
interface TreeSpec {
  [TAG]: "tree";
  item: Shape;
  childKey: string;
  depth: number;
}
/** Nothing of `data` is read: the client looks at `code` only. */
interface NoneSpec {
  [TAG]: "none";
}

export type TaggedSpec = ListSpec | NullableSpec | JsonSpec | OneOfSpec | RecordSpec | VariantsSpec | TreeSpec | NoneSpec;
export interface Shape {
  [field: string]: FieldSpec;
}
export type FieldSpec = Primitive | Shape | TaggedSpec;

export const list = (item: FieldSpec, options: { mayBeEmpty?: boolean } = {}): ListSpec => ({
  [TAG]: "list",
  item,
  mayBeEmpty: options.mayBeEmpty ?? false,
});
export const nullable = (spec: FieldSpec): NullableSpec => ({ [TAG]: "nullable", spec });
/** A string holding JSON (nav_url, goods_spec_format …): the client JSON.parses it and reads `spec`. */
export const json = (spec: FieldSpec): JsonSpec => ({ [TAG]: "json", spec });
export const oneOf = (...values: Array<string | number>): OneOfSpec => ({ [TAG]: "oneOf", values });
/** An object whose keys are data (addon names, floor block names), each value of `value`. */
export const record = (key: string, value: FieldSpec): RecordSpec => ({ [TAG]: "record", key, value });
/** A union told apart by `key` (a floor block's `type`). */
export const variants = (key: string, shapes: Record<string, Shape>): VariantsSpec => ({ [TAG]: "variants", key, variants: shapes });
/** A list of `item` whose entries hold the next level in `childKey`, `depth` levels in all (the last level's lists may be empty). */
export const tree = (item: Shape, childKey: string, depth: number): TreeSpec => ({ [TAG]: "tree", item, childKey, depth });
export const codeOnly: NoneSpec = { [TAG]: "none" };

/** The tree as plain nested lists, for checking. */
const treeLevels = (spec: TreeSpec, depth = spec.depth): ListSpec =>
  list(depth > 1 ? { ...spec.item, [spec.childKey]: treeLevels(spec, depth - 1) } : { ...spec.item, [spec.childKey]: list(spec.item, { mayBeEmpty: true }) });
/** A page of the contract: `{page_count, count, list}`. */
export const page = (item: FieldSpec, options: { mayBeEmpty?: boolean } = {}): Shape => ({
  page_count: "integer",
  count: "integer",
  list: list(item, options),
});

const isTagged = (spec: FieldSpec): spec is TaggedSpec => typeof spec === "object" && TAG in spec;

// ---- checking ---------------------------------------------------------------------------------

const describeValue = (value: unknown): string => {
  if (value === undefined) return "missing";
  if (value === null) return "null";
  if (Array.isArray(value)) return `an array (${value.length})`;
  if (typeof value === "object") return "an object";
  const text = JSON.stringify(value);
  return `${typeof value} ${text.length > 60 ? `${text.slice(0, 57)}…` : text}`;
};

/** Why `value` is not a loadable picture path, or null. */
export function pictureProblem(value: string): string | null {
  if (value === "" || /^https?:\/\//i.test(value)) return null;
  if (value.startsWith("data:")) return "a data: URI (reference clients prefix it like a path; answer a PNG path)";
  if (value.startsWith("/")) return "starts with '/' (reference clients request imgDomain + '/' + path → '//upload/…')";
  return null;
}

const primitiveProblem = (type: Primitive, value: unknown): string | null => {
  const expected = (what: string) => `expected ${what}, got ${describeValue(value)}`;
  switch (type) {
    case "integer":
      return Number.isInteger(value) ? null : expected("an integer");
    case "number":
      return typeof value === "number" && Number.isFinite(value) ? null : expected("a number");
    case "string":
      return typeof value === "string" ? null : expected("a string");
    case "boolean":
      return typeof value === "boolean" ? null : expected("a boolean");
    case "money":
      return typeof value === "string" && /^-?\d+\.\d{2}$/.test(value) ? null : expected('money ("12.30")');
    case "flag":
      return value === 0 || value === 1 ? null : expected("0 or 1");
    case "unix":
      return Number.isInteger(value) && (value as number) >= 0 && (value as number) < 4_102_444_800 ? null : expected("unix seconds");
    case "picture":
      return typeof value === "string" ? pictureProblem(value) : expected("a picture path");
    case "pictures": {
      if (typeof value !== "string") return expected("comma-separated picture paths");
      const problems = value === "" ? [] : value.split(",").map(pictureProblem).filter(Boolean);
      return problems[0] ?? null;
    }
    case "dataUri":
      return typeof value === "string" && value.startsWith("data:image/") ? null : expected("a data:image/… URI");
    case "any":
      return value === undefined ? expected("a value") : null;
  }
};

interface CheckState {
  /** by field path with indexes as [] and message: the first concrete path and how many */
  problems: Map<string, { path: string; message: string; count: number }>;
  /** list paths (indexes as []) → whether any instance had an item */
  lists: Map<string, boolean>;
}

function check(spec: FieldSpec, value: unknown, path: string, specPath: string, state: CheckState): void {
  const fail = (message: string) => {
    // One line per field and expectation, whatever value each list item had.
    const key = `${specPath}\u0000${message.replace(/, got .*$/, "")}`;
    const seen = state.problems.get(key);
    if (seen) seen.count += 1;
    else state.problems.set(key, { path, message, count: 1 });
  };
  if (typeof spec === "string") {
    const problem = primitiveProblem(spec, value);
    if (problem) fail(problem);
    return;
  }
  if (!isTagged(spec)) {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return fail(`expected an object, got ${describeValue(value)}`);
    for (const [field, fieldSpec] of Object.entries(spec)) {
      check(fieldSpec, (value as Record<string, unknown>)[field], `${path}.${field}`, `${specPath}.${field}`, state);
    }
    return;
  }
  switch (spec[TAG]) {
    case "none":
      return;
    case "tree":
      return check(treeLevels(spec), value, path, specPath, state);
    case "nullable":
      if (value !== null) check(spec.spec, value, path, specPath, state);
      return;
    case "list": {
      if (!Array.isArray(value)) return fail(`expected an array, got ${describeValue(value)}`);
      const seen = state.lists.get(specPath) ?? false;
      state.lists.set(specPath, seen || value.length > 0 || spec.mayBeEmpty);
      value.forEach((item, index) => check(spec.item, item, `${path}[${index}]`, `${specPath}[]`, state));
      return;
    }
    case "json": {
      if (typeof value !== "string") return fail(`expected a JSON string, got ${describeValue(value)}`);
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        return fail(`expected a JSON string, got ${describeValue(value)} (JSON.parse throws)`);
      }
      check(spec.spec, parsed, `${path}⟨json⟩`, `${specPath}⟨json⟩`, state);
      return;
    }
    case "oneOf":
      if (!spec.values.includes(value as string | number)) fail(`expected one of ${spec.values.join("|")}, got ${describeValue(value)}`);
      return;
    case "record":
      if (value === null || typeof value !== "object" || Array.isArray(value)) return fail(`expected an object, got ${describeValue(value)}`);
      for (const [key, item] of Object.entries(value)) check(spec.value, item, `${path}.${key}`, `${specPath}.*`, state);
      return;
    case "variants": {
      const tag = (value as Record<string, unknown> | null)?.[spec.key];
      const shape = typeof tag === "string" ? spec.variants[tag] : undefined;
      if (!shape) return fail(`expected ${spec.key} one of ${Object.keys(spec.variants).join("|")}, got ${describeValue(tag)}`);
      check({ ...shape, [spec.key]: "string" }, value, path, `${specPath}<${tag}>`, state);
      return;
    }
  }
}

/**
 * The mismatches between `data` and what a reference client reads (`spec`), each naming the
 * field path. Lists that were empty in every instance are reported too (their items went
 * unchecked) unless the spec allows it.
 */
export function shapeProblems(spec: FieldSpec, data: unknown): string[] {
  const state: CheckState = { problems: new Map(), lists: new Map() };
  check(spec, data, "data", "data", state);
  const problems = [...state.problems.values()].map(({ path, message, count }) =>
    `${path}: ${message}${count > 1 ? ` (and ${count - 1} more like it)` : ""}`,
  );
  for (const [listPath, hadItems] of state.lists) {
    if (!hadItems) problems.push(`${listPath}: always empty here, so its items went unchecked (give the test data, or mark the list mayBeEmpty)`);
  }
  return problems;
}

/** Fails with the endpoint and every field path that breaks what a reference client reads. */
export function expectFields(endpoint: string, data: unknown, spec: FieldSpec): void {
  const problems = shapeProblems(spec, data);
  if (problems.length > 0) {
    throw new Error(`${endpoint}: the answer breaks what a reference client reads:\n  ${problems.join("\n  ")}`);
  }
}

// ---- docs -------------------------------------------------------------------------------------

/** A spec as docs/api.md writes it: `{site_id, logo, list: [{goods_id, …}], pc: {type: none|niushop|third}}`. */
export function formatReads(spec: FieldSpec): string {
  if (typeof spec === "string") return spec === "flag" ? "0|1" : spec;
  if (!isTagged(spec)) return formatShape(spec);
  switch (spec[TAG]) {
    case "none":
      return "— (code only)";
    case "tree":
      return `[${formatShape({ ...spec.item, [spec.childKey]: "any" }).replace(/\}$/, `: [… the same, ${spec.depth} levels]}`)}]`;
    case "nullable":
      return `${formatReads(spec.spec)} | null`;
    case "list":
      return `[${formatReads(spec.item)}]`;
    case "json":
      return `JSON ${formatReads(spec.spec)}`;
    case "oneOf":
      return spec.values.join("|");
    case "record":
      return `{<${spec.key}>: ${formatReads(spec.value)}}`;
    case "variants":
      return Object.entries(spec.variants)
        .map(([tag, shape]) => `${spec.key} ${tag}: ${formatShape(shape)}`)
        .join("; ");
  }
}

/** Fields in order; neighbours sharing one nested spec are written once: `h5, pc: each {type, …}`. */
function formatShape(shape: Shape): string {
  const entries = Object.entries(shape);
  const parts: string[] = [];
  for (let index = 0; index < entries.length; index += 1) {
    const [field, spec] = entries[index]!;
    if (typeof spec === "string") {
      parts.push(field);
      continue;
    }
    const group = [field];
    while (index + 1 < entries.length && entries[index + 1]![1] === spec) group.push(entries[++index]![0]);
    parts.push(`${group.join(", ")}: ${group.length > 1 ? "each " : ""}${formatReads(spec)}`);
  }
  return `{${parts.join(", ")}}`;
}
