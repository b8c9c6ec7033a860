import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ToolContext } from './context.js';
import { registerCloneAvatarByImage } from './tools/clone-avatar-by-image.js';
import { registerCreateAudioByText } from './tools/create-audio-by-text.js';
import { registerCreateAvatarByImage } from './tools/create-avatar-by-image.js';
import { registerCreateCover } from './tools/create-cover.js';
import { registerCreateUploadUrl } from './tools/create-upload-url.js';
import { registerCreateVideoByAudio } from './tools/create-video-by-audio.js';
import { registerCreateVideoByTemplate } from './tools/create-video-by-template.js';
import { registerCreateVideoByText } from './tools/create-video-by-text.js';
import { registerGetCreditBalance } from './tools/get-credit-balance.js';
import { registerGetTask } from './tools/get-task.js';
import { registerListAvatars } from './tools/list-avatars.js';
import { registerListCoverStyles } from './tools/list-cover-styles.js';
import { registerListTemplates } from './tools/list-templates.js';
import { registerListVoices } from './tools/list-voices.js';
import { registerWaitForTask } from './tools/wait-for-task.js';

/** Every tool, one file each; the order is the order of tools/list. */
const TOOLS = [
  registerListAvatars,
  registerListVoices,
  registerListTemplates,
  registerCloneAvatarByImage,
  registerCreateAvatarByImage,
  registerCreateVideoByText,
  registerCreateVideoByAudio,
  registerCreateVideoByTemplate,
  registerCreateAudioByText,
  registerListCoverStyles,
  registerCreateCover,
  registerGetTask,
  registerWaitForTask,
  registerGetCreditBalance,
  registerCreateUploadUrl,
];

const INSTRUCTIONS = `likeness makes talking-avatar videos, speech audio and cover images.
Typical flow: list_voices (pick a voice in the text's language) and list_avatars (or make an avatar from a
portrait: clone_avatar_by_image with an uploaded image, or create_avatar_by_image with an image URL), then
create_video_by_text. Videos, audio, avatars and voices are made by background tasks: create tools return a
task_id at once; wait_for_task returns the result (video_url is a signed MP4 or MP3 URL that expires; download
it promptly). Errors come back as tool errors with the API's code and a message saying what to fix.`;

/** A fresh MCP server for one request of one caller (the endpoint is stateless). */
export function buildMcpServer(ctx: ToolContext): McpServer {
  const server = new McpServer({ name: 'likeness', version: '0.1.0' }, { instructions: INSTRUCTIONS });
  for (const register of TOOLS) register(server, ctx);
  return server;
}
