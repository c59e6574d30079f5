// Exit 0 when a Redis server answers PING at the given URL (redis://host:port) within 3 s.
import net from "node:net";
const url = new URL(process.argv[2] ?? "redis://127.0.0.1:6379");
const socket = net.connect({ host: url.hostname || "127.0.0.1", port: Number(url.port || 6379) });
const fail = () => {
  socket.destroy();
  process.exit(1);
};
socket.setTimeout(3000, fail);
socket.on("error", fail);
socket.on("connect", () => {
  // A password in the URL (redis://:secret@host) is sent first, as clients do.
  if (url.password) socket.write(`AUTH ${decodeURIComponent(url.password)}\r\n`);
  socket.write("PING\r\n");
});
let answer = "";
socket.on("data", (chunk) => {
  answer += chunk.toString();
  if (answer.includes("+PONG")) {
    socket.end();
    process.exit(0);
  }
  if (/^-/m.test(answer)) fail(); // an error reply (wrong password, …)
});
