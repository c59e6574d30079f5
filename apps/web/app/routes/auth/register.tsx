import { useSearchParams } from "react-router";
import { Link } from "../../components/chrome/Link.tsx";
import { AuthCard } from "../../components/auth/AuthCard.tsx";
import { RegisterPanel } from "../../components/auth/RegisterPanel.tsx";
import { loadRegisterConfig, loginUrl, redirectSignedInMember } from "../../lib/auth.ts";
import type { Route } from "./+types/register";
import authCss from "../../styles/auth.css?url";
import { pageMeta } from "../../lib/page-meta.ts";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: authCss }];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "用户注册");

/** The register config; a signed-in member goes on to the redirect target or the member centre. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const [config] = await Promise.all([loadRegisterConfig(context.api, request), redirectSignedInMember({ request, context })]);
  return { config };
}

export default function RegisterPage({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const loginLink = loginUrl(searchParams.get("redirect"));
  return (
    <AuthCard
      title="用户注册"
      aside={
        <>
          已有账号？<Link to={loginLink}>请登录</Link>
        </>
      }
    >
      <RegisterPanel config={loaderData.config} />
    </AuthCard>
  );
}
