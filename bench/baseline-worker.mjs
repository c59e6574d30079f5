// The baseline server of bench/baseline.ts, on its own thread so the load generator in the main
// thread does not steal its event loop. Plain JavaScript: worker threads do not go through tsx.
import { parentPort, workerData } from "node:worker_threads";
import Fastify from "fastify";

const bodies = Object.fromEntries(Object.entries(workerData.bodies).map(([name, bytes]) => [name, Buffer.from(bytes)]));
const app = Fastify({ logger: false });
app.post("/baseline/:name", (request, reply) => {
  const body = bodies[request.params.name];
  if (!body) return reply.status(404).send();
  return reply.type("application/json; charset=utf-8").send(body);
});
await app.listen({ host: "127.0.0.1", port: 0 });
parentPort.postMessage(app.server.address().port);
