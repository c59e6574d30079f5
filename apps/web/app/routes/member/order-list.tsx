// Placeholder until its issue-6 work item builds the page: the guarded coming-soon page.
export { loader, meta, links, default } from "../guarded-coming-soon.tsx";
