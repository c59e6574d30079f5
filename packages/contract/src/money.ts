/** Money as integer cents (filled by the money work item). */
export {};
