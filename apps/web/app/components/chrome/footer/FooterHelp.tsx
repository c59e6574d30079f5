import type { HelpLink } from "@shop/contract";
import { useGlobalData } from "../../../lib/global-data.ts";
import { AppLink } from "../AppLink.tsx";

/** An article opens its own link when it has one, else the help article page. */
const articleLink = (article: HelpLink) => article.link_address || `/cms/help-${article.id}`;

/** Help columns (SPEC §9: 4 classes with 4 articles each, cut by the root loader): class title → /cms/help/listother-{class_id}, articles → /cms/help-{id}. */
export function FooterHelp() {
  const { helpClasses } = useGlobalData();
  return (
    <div className="footer-help">
      {helpClasses.map((helpClass) => (
        <dl key={helpClass.class_id} className="footer-help-column">
          <dt>
            <AppLink to={`/cms/help/listother-${helpClass.class_id}`}>{helpClass.class_name}</AppLink>
          </dt>
          {helpClass.child_list.map((article) => (
            <dd key={article.id}>
              <AppLink to={articleLink(article)} title={article.title}>
                {article.title}
              </AppLink>
            </dd>
          ))}
        </dl>
      ))}
    </div>
  );
}
