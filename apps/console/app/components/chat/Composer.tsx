import { useRef, useState, type ChangeEvent, type KeyboardEvent } from "react";
import { App, Button, Input, Popover, Tooltip } from "antd";
import type { TextAreaRef } from "antd/es/input/TextArea";
import { MessageOutlined, PictureOutlined, SmileOutlined } from "@ant-design/icons";
import type { ChatQuickReply } from "@shop/contract/domains/chat";
import { CHAT_MAX_CHARS, ChatContent, chatTextLength } from "@shop/contract/domains/chat-rules";
import { CHAT_EMOJI } from "@shop/contract/domains/chat-emoji";
import { UPLOAD_ACCEPT } from "@shop/contract/domains/upload";
import { useStaffErrorHandler } from "../../lib/use-staff-call.ts";
import { draftProblem, newClientMessageId } from "./chat-state.ts";
import { uploadChatImage } from "./upload-chat-image.ts";
import type { AnswerBody } from "./use-workbench.ts";

interface Props {
  quickReplies: ChatQuickReply[];
  onSend(body: AnswerBody): Promise<boolean>;
}

/** `insert` put at the caret of `text` (or at its end), and where the caret goes after it. */
function insertAt(text: string, insert: string, start: number | undefined, end: number | undefined) {
  const from = start ?? text.length;
  const to = end ?? from;
  return { text: text.slice(0, from) + insert + text.slice(to), caret: from + insert.length };
}

/**
 * The reply box: text (Enter sends, Shift+Enter breaks the line, counter n/150), emoji, a picture
 * (uploaded, then sent by its path), quick replies (a click inserts one). Nothing is sent twice:
 * the send button is off while a send is in flight.
 */
export function Composer({ quickReplies, onSend }: Props) {
  const { message } = App.useApp();
  const handleError = useStaffErrorHandler();
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const [emojiOpen, setEmojiOpen] = useState(false);
  const [repliesOpen, setRepliesOpen] = useState(false);
  const textArea = useRef<TextAreaRef>(null);
  // The draft's id: sending the same text again after a failure (a lost answer) cannot store it
  // twice; any edit makes it a new message.
  const draftId = useRef(newClientMessageId());
  const changeText = (next: string) => {
    setText(next);
    draftId.current = newClientMessageId();
  };
  const fileInput = useRef<HTMLInputElement>(null);
  const length = chatTextLength(text);

  function insert(value: string) {
    const element = textArea.current?.resizableTextArea?.textArea;
    const next = insertAt(text, value, element?.selectionStart, element?.selectionEnd);
    changeText(next.text);
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(next.caret, next.caret);
    });
  }

  async function send(body: AnswerBody): Promise<boolean> {
    setSending(true);
    try {
      return await onSend(body);
    } finally {
      setSending(false);
    }
  }

  async function sendText() {
    if (sending) return;
    const problem = draftProblem(text);
    if (problem) {
      void message.warning(problem);
      return;
    }
    if (await send({ content_type: ChatContent.TEXT, servicer_say: text, client_msg_id: draftId.current })) changeText("");
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void sendText();
  }

  async function onPicture(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file || sending) return;
    setSending(true);
    try {
      const path = await uploadChatImage(file);
      await onSend({ content_type: ChatContent.IMAGE, servicer_say: path, client_msg_id: newClientMessageId() });
    } catch (error) {
      handleError(error);
    } finally {
      setSending(false);
    }
  }

  const emojiGrid = (
    <div className="chat-emoji" role="group" aria-label="表情">
      {CHAT_EMOJI.map((emoji) => (
        <button
          key={emoji}
          type="button"
          className="chat-emoji__item"
          onClick={() => {
            insert(emoji);
            setEmojiOpen(false);
          }}
        >
          {emoji}
        </button>
      ))}
    </div>
  );

  const replyList = quickReplies.length ? (
    <ul className="chat-quick-replies" aria-label="快捷回复">
      {quickReplies.map((reply) => (
        <li key={reply.id}>
          <button
            type="button"
            className="chat-quick-replies__item"
            onClick={() => {
              insert(reply.content);
              setRepliesOpen(false);
            }}
          >
            {reply.content}
          </button>
        </li>
      ))}
    </ul>
  ) : (
    <span className="chat-quick-replies__empty">暂无快捷回复</span>
  );

  return (
    <div className="chat-composer">
      <div className="chat-composer__tools">
        <Popover content={emojiGrid} trigger="click" open={emojiOpen} onOpenChange={setEmojiOpen} placement="topLeft">
          <Tooltip title="表情">
            <Button type="text" icon={<SmileOutlined />} aria-label="表情" />
          </Tooltip>
        </Popover>
        <Tooltip title="发送图片">
          <Button type="text" icon={<PictureOutlined />} aria-label="发送图片" disabled={sending} onClick={() => fileInput.current?.click()} />
        </Tooltip>
        <input ref={fileInput} type="file" accept={UPLOAD_ACCEPT} hidden onChange={(event) => void onPicture(event)} data-testid="chat-image-input" />
        <Popover content={replyList} trigger="click" open={repliesOpen} onOpenChange={setRepliesOpen} placement="topLeft" title="快捷回复">
          <Button type="text" icon={<MessageOutlined />}>
            快捷回复
          </Button>
        </Popover>
      </div>
      <Input.TextArea
        ref={textArea}
        className="chat-composer__input"
        value={text}
        onChange={(event) => changeText(event.target.value)}
        onKeyDown={onKeyDown}
        variant="borderless"
        autoSize={{ minRows: 3, maxRows: 6 }}
        placeholder="输入回复内容，Enter 发送，Shift + Enter 换行"
        aria-label="回复内容"
      />
      <div className="chat-composer__footer">
        <span className={`chat-composer__counter${length >= CHAT_MAX_CHARS ? " chat-composer__counter--over" : ""}`} aria-live="polite">
          {length}/{CHAT_MAX_CHARS}
        </span>
        <Button type="primary" disabled={sending} onClick={() => void sendText()}>
          发送
        </Button>
      </div>
    </div>
  );
}
