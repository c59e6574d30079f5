import { Link } from "../../components/chrome/Link.tsx";
import { AuthCard } from "../../components/auth/AuthCard.tsx";
import { FindPasswordForm } from "../../components/auth/FindPasswordForm.tsx";
import { loadRegisterConfig } from "../../lib/auth.ts";
import type { Route } from "./+types/find";
import authCss from "../../styles/auth.css?url";
import { pageMeta } from "../../lib/page-meta.ts";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: authCss }];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "找回密码");

export async function loader({ context, request }: Route.LoaderArgs) {
  return { config: await loadRegisterConfig(context.api, request) };
}

export default function FindPasswordPage({ loaderData }: Route.ComponentProps) {
  return (
    <AuthCard title="找回密码" aside={<Link to="/auth/login">返回登录</Link>}>
      <FindPasswordForm policy={loaderData.config} />
    </AuthCard>
  );
}
