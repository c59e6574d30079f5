import { useId, useLayoutEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from "react";
import { ChatContent } from "@shop/contract/domains/chat-rules";
import { UPLOAD_ACCEPT } from "@shop/contract/domains/upload";
import { PictureIcon } from "./chat-icons.tsx";
import { toast } from "../ui/toast.ts";
import { uploadPicture } from "../upload/upload-request.ts";
import { chatCounter, chatTextProblem, insertAt, isTooLong } from "./chat-text.ts";
import { EmojiPicker } from "./EmojiPicker.tsx";
import type { ChatSay } from "./useChatConversation.ts";

interface ChatComposerProps {
  /** quick-reply keywords (empty when the shop turned them off) */
  keywords: string[];
  sending: boolean;
  send: (say: ChatSay) => Promise<boolean>;
  /** a failed upload (a dead session goes to login, like any member call) */
  onError: (error: unknown) => void;
}

/**
 * Writing a message: keyword chips (a tap sends the keyword), emoji at the caret, a picture
 * (uploaded, then sent by its path), the text with its counter n/150. Enter sends, Shift+Enter
 * starts a line (and Enter that ends an IME composition only confirms it). Blank text or 150
 * characters or more are refused with a warning; nothing is sent while a send is in flight.
 */
export function ChatComposer({ keywords, sending, send, onError }: ChatComposerProps) {
  const [text, setText] = useState("");
  const [uploading, setUploading] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  const counterId = useId();
  const busy = sending || uploading;

  // After an emoji went in, the caret goes right after it.
  useLayoutEffect(() => {
    if (caret.current === null || !input.current) return;
    input.current.focus();
    input.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [text]);

  const insertEmoji = (emoji: string) => {
    const element = input.current;
    const next = insertAt(text, emoji, element?.selectionStart ?? text.length, element?.selectionEnd ?? text.length);
    caret.current = next.caret;
    setText(next.text);
  };

  const sendText = async (value: string, clearInput: boolean) => {
    if (busy) return;
    const problem = chatTextProblem(value);
    if (problem) {
      toast.warning(problem);
      return;
    }
    if ((await send({ content_type: ChatContent.TEXT, message: value })) && clearInput) setText("");
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void sendText(text, true);
  };

  const onPictureChosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so the same picture can be chosen again.
    event.target.value = "";
    if (!file || busy) return;
    setUploading(true);
    try {
      const path = await uploadPicture("chat", file, file.name);
      await send({ content_type: ChatContent.IMAGE, message: path });
    } catch (error) {
      onError(error);
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="chat-composer">
      {keywords.length > 0 && (
        <div className="chat-keywords" role="group" aria-label="常见问题">
          {keywords.map((keyword) => (
            <button key={keyword} type="button" className="chat-keywords__chip" disabled={busy} onClick={() => void sendText(keyword, false)}>
              {keyword}
            </button>
          ))}
        </div>
      )}
      <div className="chat-toolbar">
        <EmojiPicker onPick={insertEmoji} />
        <button type="button" className="chat-tool" aria-label="发送图片" disabled={busy} onClick={() => fileInput.current?.click()}>
          <PictureIcon />
        </button>
        <input ref={fileInput} type="file" accept={UPLOAD_ACCEPT} hidden tabIndex={-1} onChange={(event) => void onPictureChosen(event)} />
        {uploading && <span className="chat-toolbar__status">图片上传中…</span>}
      </div>
      <textarea
        ref={input}
        className="chat-input"
        aria-label="输入消息"
        aria-describedby={counterId}
        placeholder="请输入消息，Enter 发送，Shift+Enter 换行"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="chat-composer__footer">
        <span id={counterId} className={isTooLong(text) ? "chat-counter chat-counter--over" : "chat-counter"}>
          {chatCounter(text)}
        </span>
        <button type="button" className="chat-button chat-send" disabled={busy} aria-busy={sending} onClick={() => void sendText(text, true)}>
          发送
        </button>
      </div>
    </div>
  );
}
