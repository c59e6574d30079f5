import type { LinkDescriptor } from "react-router";
import uiCss from "../../styles/ui.css?url";
import cmsCss from "../../styles/cms.css?url";

/** The stylesheets of every content page: the small own components (pager, empty state), then the CMS layout. */
export const cmsStylesheets: LinkDescriptor[] = [
  { rel: "stylesheet", href: uiCss },
  { rel: "stylesheet", href: cmsCss },
];
