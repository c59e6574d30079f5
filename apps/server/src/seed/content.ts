import type { NewRow } from "../db/schema.ts";
import { HELP_CLASSES } from "./content-help.ts";
import { ARTICLE_CATEGORIES, NOTICES } from "./content-articles.ts";
import { paragraphsHtml } from "./html.ts";
import { paletteColor, type SeedImages } from "./images.ts";
import { BASE_TIME, DAY, randomFor } from "./random.ts";

export interface CmsRows {
  helpClasses: NewRow<"help_class">[];
  helps: NewRow<"help">[];
  notices: NewRow<"notice">[];
  articleCategories: NewRow<"article_category">[];
  articles: NewRow<"article">[];
}

/** Help centre, notices and articles (with generated cover pictures). */
export function buildCms(images: SeedImages): CmsRows {
  const helpClasses = HELP_CLASSES.map((helpClass, index) => ({ class_id: index + 1, class_name: helpClass.name, sort: index }));
  const helps = HELP_CLASSES.flatMap((helpClass, classIndex) =>
    helpClass.articles.map((article, index) => ({ class_id: classIndex + 1, title: article.title, content: paragraphsHtml(article.paragraphs), link_address: "", sort: index })),
  ).map((help, index) => ({ ...help, id: index + 1, create_time: BASE_TIME - (60 - index) * DAY }));

  // Newest first by id order: notice 1 is the latest.
  const notices = NOTICES.map((notice, index) => ({
    id: index + 1,
    title: notice.title,
    content: paragraphsHtml(notice.paragraphs),
    is_top: notice.is_top,
    sort: index,
    create_time: BASE_TIME - index * 3 * DAY,
  }));

  const articleCategories = ARTICLE_CATEGORIES.map((category, index) => ({ category_id: index + 1, category_name: category.name, sort: index }));
  const articles = ARTICLE_CATEGORIES.flatMap((category, categoryIndex) => category.articles.map((article) => ({ article, categoryIndex }))).map(
    ({ article, categoryIndex }, index): NewRow<"article"> => {
      const random = randomFor("article", index);
      const cover = images.banner(
        `article/${index + 1}.jpg`,
        { title: article.title.length > 14 ? `${article.title.slice(0, 13)}…` : article.title, subtitle: ARTICLE_CATEGORIES[categoryIndex]!.name, background: paletteColor(index + 3) },
        { width: 480, height: 300 },
      );
      return {
        article_id: index + 1,
        category_id: categoryIndex + 1,
        article_title: article.title,
        article_abstract: article.abstract,
        article_content: `<p><img src="${cover}" alt="" /></p>${paragraphsHtml(article.paragraphs)}`,
        cover_img: cover,
        read_num: random.int(120, 9800),
        sort: index,
        create_time: BASE_TIME - index * 2 * DAY - random.int(0, DAY - 1),
      };
    },
  );
  return { helpClasses, helps, notices, articleCategories, articles };
}
