import type { z } from "zod";
import { endpoints, type EndpointPath } from "@shop/contract/endpoints";
import type { TestApp } from "../test/harness.ts";
import type { Access } from "./api.ts";

/**
 * Helpers for tests of declared access (core/access.test.ts, modules/staff/staff.test.ts): the
 * registered paths by access, and a body each path's contract schema accepts, so that a refusal
 * is proven to come from the access check and not from validation (which runs first).
 */

/** Registered paths with their declared access, from the live app (new endpoints join by themselves). */
export function registeredPaths(t: TestApp): Array<{ path: EndpointPath; access: Access }> {
  return [...t.app.api.access].map(([path, access]) => ({ path: path as EndpointPath, access }));
}

/** Values tried for a field the walk cannot build from the schema's structure, in this order. */
const CANDIDATES: unknown[] = [
  1, "1", "13800138000", "abc123456", "Abc123456!", "张三", "a", "1,2", "2024-01-01", "2024-01-01 10:00:00", "test@example.com",
  "https://example.com/a.png", "110101", "E2EK", "0123456789abcdef0123456789abcdef", 0, true, false, "[]", "{}", [1], ["1"], [{}], {},
];

type AnySchema = z.ZodType & { _zod: { def: { type: string } & Record<string, unknown> } };

/** Whether `schema` takes `value`; a transform that throws on a value it was never meant to see (the
 * walk feeds a pipe's output side too) does not take it. */
function accepts(schema: z.ZodType, value: unknown): boolean {
  try {
    return schema.safeParse(value).success;
  } catch {
    return false;
  }
}

/**
 * A value `schema` accepts, or undefined when none was found: built from the schema's structure
 * (objects field by field, optional fields left out — or filled in when the object needs them —,
 * first enum value, first union option that works, inner schema of pipes), else the first of
 * CANDIDATES the schema accepts.
 */
export function sampleValue(schema: z.ZodType): unknown {
  const built = buildFromStructure(schema as AnySchema);
  if (built !== undefined && accepts(schema, built)) return built;
  if (accepts(schema, undefined)) return undefined;
  return CANDIDATES.find((candidate) => accepts(schema, candidate));
}

function buildFromStructure(schema: AnySchema): unknown {
  const def = schema._zod.def;
  switch (def.type) {
    case "object": {
      const shape = def.shape as Record<string, AnySchema>;
      const required: Record<string, unknown> = {};
      const everything: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(shape)) {
        const optional = accepts(field, undefined);
        const value = sampleValue(optional ? (unwrapOptional(field) ?? field) : field);
        if (value === undefined) continue;
        everything[key] = value;
        if (!optional) required[key] = value;
      }
      return accepts(schema, required) ? required : everything;
    }
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
      return sampleValue(def.innerType as AnySchema);
    case "pipe":
      return sampleValue(def.in as AnySchema) ?? sampleValue(def.out as AnySchema);
    case "union":
      for (const option of def.options as AnySchema[]) {
        const value = sampleValue(option);
        if (value !== undefined && accepts(schema, value)) return value;
      }
      return undefined;
    case "enum":
      return Object.values(def.entries as Record<string, unknown>)[0];
    case "literal":
      return (def.values as unknown[])[0];
    case "array": {
      const element = sampleValue(def.element as AnySchema);
      return element === undefined ? [] : [element];
    }
    default:
      return undefined;
  }
}

function unwrapOptional(schema: AnySchema): AnySchema | undefined {
  const def = schema._zod.def;
  return def.type === "optional" || def.type === "default" || def.type === "prefault" ? (def.innerType as AnySchema) : undefined;
}

/** A body the path's contract schema accepts (undefined when the sampler found none). */
export function validBody(path: EndpointPath): Record<string, unknown> | undefined {
  const schema = endpoints[path].body as z.ZodType;
  const body = sampleValue(schema);
  return body !== null && typeof body === "object" && !Array.isArray(body) && accepts(schema, body) ? (body as Record<string, unknown>) : undefined;
}
