import type { FastifyInstance } from "fastify";

/** Gateways' bodies are small; anything bigger is not a notify. */
const TEXT_BODY_LIMIT = 64 * 1024;

/**
 * Registers raw routes whose bodies stay the exact text that arrived, whatever the content type:
 * gateway notifies (signatures cover the exact bytes; Alipay posts a form, WeChat Pay JSON) and
 * the sandbox gateway's forms. Scoped: the JSON API keeps its own parser.
 */
export function withTextBodies(app: FastifyInstance, register: (scope: FastifyInstance) => void): void {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "string", bodyLimit: TEXT_BODY_LIMIT }, (_request, body, done) => done(null, body));
    register(scope);
  });
}

export const textBody = (body: unknown): string => (typeof body === "string" ? body : "");
