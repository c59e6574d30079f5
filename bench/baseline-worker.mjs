// The baseline server of bench/baseline.ts, on its own thread so the load generator in the main
// thread does not steal its event loop. Plain JavaScript: worker threads do not go through tsx.
// Answers arrive as messages ({ name, type, body }) while it runs; each is acknowledged by name.
import { parentPort } from "node:worker_threads";
import Fastify from "fastify";

const answers = new Map();
parentPort.on("message", ({ name, type, body }) => {
  answers.set(name, { type, body: Buffer.from(body) });
  parentPort.postMessage({ added: name });
});
const app = Fastify({ logger: false });
const answer = (request, reply) => {
  const found = answers.get(request.params.name);
  if (!found) return reply.status(404).send();
  return reply.type(found.type).send(found.body);
};
app.post("/baseline/:name", answer);
app.get("/baseline/:name", answer);
await app.listen({ host: "127.0.0.1", port: 0 });
parentPort.postMessage({ port: app.server.address().port });
