import { MSG_FILE, MSG_IMAGE, type ChatUpload, type MessageExtra } from '../../contract/api/chat';
import { request } from '../request/client';

/** An image's natural size, so its bubble takes its final height before the picture arrives. */
function imageSize(file: File): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve({ width: image.naturalWidth, height: image.naturalHeight });
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      resolve(null);
    };
    image.src = url;
  });
}

/**
 * Uploads a file for a message; the server decides by its bytes whether it is an image. Silent: the
 * editor names the file that failed beside the server's reason.
 */
export async function uploadForMessage(file: File): Promise<{ msg_type: typeof MSG_IMAGE | typeof MSG_FILE; content: string; extra: MessageExtra }> {
  const form = new FormData();
  form.append('file', file);
  const [uploaded, size] = await Promise.all([request<ChatUpload>('/chat/upload', { body: form, silent: true }), file.type.startsWith('image/') ? imageSize(file) : null]);
  const extra: MessageExtra = { url: uploaded.url, name: uploaded.name, size: uploaded.size, ...(uploaded.kind === 'image' && size ? size : {}) };
  return uploaded.kind === 'image' ? { msg_type: MSG_IMAGE, content: '', extra } : { msg_type: MSG_FILE, content: uploaded.name, extra };
}
