/**
 * The values the API reference (/docs) shows as examples. Catalogue ids are ones every fresh install
 * has (seeded at start: media/art, media/speech, media/cover), so "Try it out" with the prefilled
 * example succeeds; a test checks they are listed. Ids of things a caller makes (tasks, uploads,
 * own avatars and voices) have the real format but exist only once made.
 */
export const EXAMPLE = {
  /** A public avatar of the built-in catalogue (GET /avatar/list?kind=2). */
  avatar: 'pub-avatar-alex',
  /** A public voice of the built-in catalogue (GET /voice/list?kind=2), matching the example text. */
  voice: 'pub-en-james',
  /** A lively template of the built-in catalogue (GET /video/lively_templates). */
  template: 'tpl-news-portrait',
  /** A cover style of the built-in catalogue (GET /project/cover_styles). */
  coverStyle: 'cover-news',
  text: 'Hello! This video was made by likeness from one line of text.',
  title: 'Hello from likeness',
  taskId: 't_716c4riwn7g7414hybkfs2gt',
  videoFileId: 'file_hc1lylhg8lr2gyxz19yqa4rx',
  audioFileId: 'file_0ntf7gsexx9fokp7fc4g0lz2',
  imageFileId: 'file_d1yvedko8lfv9azi1l9gum3e',
  ownAvatar: 'av_ed58ejyy8q42h3rma3aq20a0',
  ownVoice: 'vo_1y3jyyd4ewww7f3sqhy347vs',
  requestId: 'req_50v38om4gfh91qgdbrhx7fyc',
  coverId: 'cov_2hmvnn7rgdgtu179uvk6d9pj',
  videoUrl: 'https://example.com/media/presenter.mp4',
  audioUrl: 'https://example.com/media/narration.mp3',
  voiceSampleUrl: 'https://example.com/media/voice-sample.wav',
  imageUrl: 'https://example.com/media/portrait.jpg',
  /** What a result URL looks like (signed, expiring; GET it without the token). */
  resultUrl:
    'http://127.0.0.1:3000/files/works/t_716c4riwn7g7414hybkfs2gt/video.mp4?exp=1767312000&sig=dGhpcyBpcyBhbiBleGFtcGxl',
  /** What a voice demo's URL looks like. */
  demoUrl:
    'http://127.0.0.1:3000/files/voices/vo_1y3jyyd4ewww7f3sqhy347vs/demo.mp3?exp=1767312000&sig=dGhpcyBpcyBhbiBleGFtcGxl',
  uploadUrl:
    'http://127.0.0.1:3000/files/upload/file_hc1lylhg8lr2gyxz19yqa4rx?exp=1767312000&sig=dGhpcyBpcyBhbiBleGFtcGxl',
  createdAt: '2026-01-02T03:04:05.000Z',
  /**
   * A valid clone-API cursor (opaque: base64url of a sort key) whose key lies after every asset, so
   * it pages from the newest one, as no cursor does.
   */
  cursor: 'WyIyMDk5LTEyLTMxVDIzOjU5OjU5Ljk5OVoiLCJhdl96enp6enp6enp6enp6enp6enp6enp6enoiXQ',
} as const;
