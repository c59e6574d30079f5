import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/**
 * The staff console (basename /console/). The login page stands alone; every other page is inside
 * the console layout, whose loader sends a browser without a staff session to login.
 */
export default [
  route("login", "routes/login.tsx"),
  layout("layouts/console.tsx", [
    index("routes/home.tsx"),
    route("chat", "routes/chat.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
