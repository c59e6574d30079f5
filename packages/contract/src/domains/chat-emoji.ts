/**
 * The chat's emoji picker (SPEC §2 / §9: 47 codes), shared by the storefront dialog and the staff
 * workbench. An emoji is sent as part of the text (plain Unicode, so it needs no markup and is
 * escaped like any other text); each counts as one character (chatTextLength in chat.ts).
 */
export const CHAT_EMOJI = [
  "😀", "😁", "😂", "🤣", "😃", "😄", "😅", "😆", "😉", "😊",
  "😋", "😎", "😍", "😘", "🥰", "😗", "🙂", "🤗", "🤩", "🤔",
  "🤨", "😐", "😑", "😶", "🙄", "😏", "😣", "😥", "😮", "🤐",
  "😯", "😪", "😫", "😴", "😌", "😛", "😜", "😝", "🤤", "😒",
  "😓", "😔", "😕", "🙃", "🤑", "😲", "👍",
] as const;
