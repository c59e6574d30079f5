import { z } from "zod";

// In the browser zod probes `new Function("")` for its JIT; the storefront's CSP has no
// 'unsafe-eval', so the probe is reported as a violation (zod catches the error). Jitless skips it.
// Set here, before any schema exists: every contract domain imports this file.
if (typeof document !== "undefined") z.config({ jitless: true });

/**
 * One API call: the zod schema of its body (shared by the server's validation and the
 * web forms) and, as a phantom type, the shape of `data` in a successful response.
 */
export interface EndpointDef<Body extends z.ZodType, Res> {
  body: Body;
  /** Never set at run time: carries the response type. */
  readonly __res?: Res;
}

/** `endpoint<Res>()(bodySchema)`: the response type is given, the body type is inferred. */
export function endpoint<Res>() {
  return <Body extends z.ZodType>(body: Body): EndpointDef<Body, Res> => ({ body });
}

/** A call without parameters (beyond the common app_type/token fields). */
export const noBody = z.object({});

// ---- reusable field schemas ---------------------------------------------------------------

/** Positive integer id; accepts numeric strings, as the original clients sent both. */
export const id = z.coerce.number().int().positive().max(2_147_483_647);

/** Page number and size. page_size 0 means "all" in the contract but we cap it. */
export const paging = {
  page: z.coerce.number().int().min(1).max(100000).default(1),
  page_size: z.coerce.number().int().min(0).max(100).default(10),
};

/** Short free text: trimmed, bounded. */
export const text = (max: number) => z.string().trim().max(max);
