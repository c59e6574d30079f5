import type { EndpointPath } from "@shop/contract";

/**
 * The three kinds of documents the back office writes — articles, notices, help — described once,
 * so one list page and one editor (DocListPage, DocEditPage) serve them all. Each names its calls,
 * its id field, its group (article category / help class; notices have none) and its extra fields.
 */
export type DocKind = "article" | "notice" | "help";

export interface DocGroupCalls {
  /** 分类 */
  label: string;
  /** the document's field holding its group id */
  field: "category_id" | "class_id";
  list: EndpointPath;
  add: EndpointPath;
  edit: EndpointPath;
  remove: EndpointPath;
  sort: EndpointPath;
}

export interface DocKindSpec {
  kind: DocKind;
  /** 文章 */
  noun: string;
  /** the console paths of the list and of the editor */
  listPath: string;
  editPath: string;
  /** the id field of the info / edit / delete / modifysort calls */
  idField: "article_id" | "id";
  /** the document's own field names on the wire */
  titleField: "article_title" | "title";
  contentField: "article_content" | "content";
  calls: { list: EndpointPath; info: EndpointPath; add: EndpointPath; edit: EndpointPath; remove: EndpointPath; sort: EndpointPath };
  group?: DocGroupCalls;
  /** where a guest reads it on the storefront */
  storefrontUrl: (id: number) => string;
}

export const DOC_KINDS: Record<DocKind, DocKindSpec> = {
  article: {
    kind: "article",
    noun: "文章",
    listPath: "/content/article",
    editPath: "/content/article/edit",
    idField: "article_id",
    titleField: "article_title",
    contentField: "article_content",
    calls: {
      list: "/shopapi/article/lists", info: "/shopapi/article/info", add: "/shopapi/article/add", edit: "/shopapi/article/edit",
      remove: "/shopapi/article/delete", sort: "/shopapi/article/modifysort",
    },
    group: {
      label: "文章分类", field: "category_id", list: "/shopapi/articlecategory/lists", add: "/shopapi/articlecategory/add",
      edit: "/shopapi/articlecategory/edit", remove: "/shopapi/articlecategory/delete", sort: "/shopapi/articlecategory/sort",
    },
    storefrontUrl: (id) => `/web/cms/article/detail?id=${id}`,
  },
  notice: {
    kind: "notice",
    noun: "公告",
    listPath: "/content/notice",
    editPath: "/content/notice/edit",
    idField: "id",
    titleField: "title",
    contentField: "content",
    calls: {
      list: "/shopapi/notice/lists", info: "/shopapi/notice/info", add: "/shopapi/notice/add", edit: "/shopapi/notice/edit",
      remove: "/shopapi/notice/delete", sort: "/shopapi/notice/modifysort",
    },
    storefrontUrl: (id) => `/web/cms/notice/detail?id=${id}`,
  },
  help: {
    kind: "help",
    noun: "帮助",
    listPath: "/content/help",
    editPath: "/content/help/edit",
    idField: "id",
    titleField: "title",
    contentField: "content",
    calls: {
      list: "/shopapi/help/helplist", info: "/shopapi/help/info", add: "/shopapi/help/addhelp", edit: "/shopapi/help/edithelp",
      remove: "/shopapi/help/deletehelp", sort: "/shopapi/help/modifysort",
    },
    group: {
      label: "帮助分类", field: "class_id", list: "/shopapi/help/classlist", add: "/shopapi/help/addclass",
      edit: "/shopapi/help/editclass", remove: "/shopapi/help/deleteclass", sort: "/shopapi/help/classsort",
    },
    storefrontUrl: (id) => `/web/cms/help/detail?id=${id}`,
  },
};
