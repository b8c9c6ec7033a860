/**
 * GENERATED from the server's OpenAPI document by `npm run gen --workspace sdk` (sdk/scripts/openapi.ts).
 * Do not edit: change the server's route schemas and regenerate. A test fails when this file is stale.
 */

export interface paths {
  '/api/app/v1/clone/avatar/by_image': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Avatar / Clone by Image
     * @description Clones a reusable avatar from an uploaded portrait image: upload it first with POST /api/v2/svc/tool/create_upload_url (same token), then send its file_id. The task runs like avatar/create_by_image; follow it with GET /api/v2/svc/avatar/task?task_id=<data.task.id> or this API's avatar list.
     *
     *     **Codes this operation answers** (in the envelope's `code`, with the spec's short `message`):
     *
     *     | code | message | meaning | HTTP |
     *     |---|---|---|---|
     *     | 0 | `ok` | OK | 200 |
     *     | 12 | `invalid input` | invalid input (`detail` says what to fix) | 400 |
     *     | 13 | `unauthenticated` | authentication is required | 401 |
     *     | 16 | `rate limit` | rate limit exceeded (a per-account limit per minute; retry shortly) | 429 |
     *     | 99 | `server error` | server error | 500 |
     *     | 1401 | `insufficient credits` | insufficient credits | 402 |
     *     | 1402 | `asset category mismatch` | asset category does not match this operation (the file is not an image) | 400 |
     *     | 1409 | `paid plan required` | paid plan required (see data.paid_plan_required) | 403 |
     *     | 1410 | `asset limit reached` | asset limit reached | 403 |
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "file_id": "file_d1yvedko8lfv9azi1l9gum3e",
           *       "title": "My portrait"
           *     }
           */
          'application/json': {
            /**
             * @description uploaded portrait image (file_id from POST /api/v2/svc/tool/create_upload_url): JPG, PNG or WebP with a clear face; another kind of file is 1402
             * @example file_d1yvedko8lfv9azi1l9gum3e
             */
            file_id: string;
            /**
             * @description the asset's title; at most 100 characters; default 'Untitled'
             * @example My portrait
             */
            title?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description application response code: 0 on success, else a code of the Errors table (listed above)
               * @example 0
               */
              code: number;
              /** @description the clone result */
              data: {
                /** @description the avatar asset */
                asset: {
                  /**
                   * @description asset category: always 'avatar'
                   * @example avatar
                   */
                  category: string;
                  /**
                   * @description creation time, ISO 8601 UTC
                   * @example 2026-01-02T03:04:05.000Z
                   */
                  created_at: string;
                  /**
                   * @description avatar id; usable as `avatar` in the generation API
                   * @example av_ed58ejyy8q42h3rma3aq20a0
                   */
                  id: string;
                  /**
                   * @description processing (being made), ready (usable) or failed
                   * @example processing
                   */
                  status: string;
                  /**
                   * @description the asset's title; 'Untitled' when none was given
                   * @example My portrait
                   */
                  title: string;
                };
                /** @description whether a paid plan is needed (also in data of a 1409 answer) */
                paid_plan_required: {
                  /**
                   * @description the account's plan
                   * @example pro
                   */
                  current_plan: string;
                  /**
                   * @description the lowest plan that may clone: free, basic, pro or enterprise
                   * @example free
                   */
                  minimum_plan: string;
                  /**
                   * @description whether the operation needs a higher plan than the account's (then code 1409)
                   * @example false
                   */
                  required: boolean;
                };
                /** @description the cloning task */
                task: {
                  /**
                   * @description credits reserved for the task (settled when it completes, refunded if it fails)
                   * @example 20
                   */
                  credits: number;
                  /**
                   * @description the cloning task; its status is also at GET /api/v2/svc/avatar/task
                   * @example t_716c4riwn7g7414hybkfs2gt
                   */
                  id: string;
                  /**
                   * @description task status: 1 = waiting: queued, not started yet; 2 = processing: being made (see progress); 3 = completed: the result fields are filled; 4 = failed: fail_code and fail_reason say why (reserved credits are refunded). Callbacks carry only 3 or 4.
                   * @example 1
                   * @enum {integer}
                   */
                  status: 1 | 2 | 3 | 4;
                };
              };
              /**
               * @description on failure: what to fix, in a sentence (absent on success)
               * @example file_id 'file_hc1lylhg8lr2gyxz19yqa4rx' was not found for this account
               */
              detail?: string;
              /**
               * @description short status text of the code: 'ok' on success (see Errors)
               * @example ok
               */
              message: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/app/v1/clone/avatars': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The caller's avatar assets, newest first
     * @description Lists the caller's own avatar assets (also those made with the generation API), newest first, with cursor paging: pass each page's next_cursor to get the next one.
     *
     *     **Codes this operation answers** (in the envelope's `code`, with the spec's short `message`):
     *
     *     | code | message | meaning | HTTP |
     *     |---|---|---|---|
     *     | 0 | `ok` | OK | 200 |
     *     | 12 | `invalid input` | invalid input (`detail` says what to fix) | 400 |
     *     | 13 | `unauthenticated` | authentication is required | 401 |
     *     | 99 | `server error` | server error | 500 |
     */
    get: {
      parameters: {
        query?: {
          /**
           * @description opaque: next_cursor of the previous page, unchanged; absent or empty for the first page (an invalid cursor is 12)
           * @example WyIyMDk5LTEyLTMxVDIzOjU5OjU5Ljk5OVoiLCJhdl96enp6enp6enp6enp6enp6enp6enp6enoiXQ
           */
          cursor?: string;
          /**
           * @description items per page, from 1 to 100; default 20
           * @example 20
           */
          limit?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description application response code: 0 on success, else a code of the Errors table (listed above)
               * @example 0
               */
              code: number;
              /** @description the list page */
              data: {
                /** @description the avatar assets of this page */
                items: {
                  /**
                   * @description asset category: always 'avatar'
                   * @example avatar
                   */
                  category: string;
                  /**
                   * @description creation time, ISO 8601 UTC
                   * @example 2026-01-02T03:04:05.000Z
                   */
                  created_at: string;
                  /**
                   * @description avatar id; usable as `avatar` in the generation API
                   * @example av_ed58ejyy8q42h3rma3aq20a0
                   */
                  id: string;
                  /**
                   * @description processing (being made), ready (usable) or failed
                   * @example processing
                   */
                  status: string;
                  /**
                   * @description the asset's title; 'Untitled' when none was given
                   * @example My portrait
                   */
                  title: string;
                }[];
                /**
                 * @description cursor of the next page; empty on the last page
                 * @example
                 */
                next_cursor: string;
              };
              /**
               * @description on failure: what to fix, in a sentence (absent on success)
               * @example file_id 'file_hc1lylhg8lr2gyxz19yqa4rx' was not found for this account
               */
              detail?: string;
              /**
               * @description short status text of the code: 'ok' on success (see Errors)
               * @example ok
               */
              message: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v2/svc/account/credit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Credit balance
     * @description Operations marked (credits) reserve credits at submission and settle or refund them when the task ends.
     *
     *     **Codes this operation answers** (in the body's `code`):
     *
     *     | code | meaning | HTTP |
     *     |---|---|---|
     *     | 0 | success | 200 |
     *     | 11 | incorrect parameter (the message names the parameter and the rule) | 200 |
     *     | 2003 | invalid token | 401 |
     *
     *     An unexpected server fault is HTTP 500 with code 99 and a generic message.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description success, or a failure with a non-zero code */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description 0 on success; otherwise an error code from the Errors table (the operation description lists the codes it can answer)
               * @example 0
               */
              code: number;
              /**
               * @description credit balance, in credits
               * @example 10000
               */
              left: number;
              /**
               * @description error text on failure, saying what to fix; empty on success
               * @example
               */
              message: string;
              /**
               * @description request code, also in the x-request-id header and the logs; quote it when reporting a problem
               * @example req_50v38om4gfh91qgdbrhx7fyc
               */
              request_id: string;
            };
          };
        };
        /** @description authentication failure (code 2003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description always 2003 (invalid token)
               * @example 2003
               */
              code: number;
              /**
               * @description what is wrong with the Authorization header
               * @example missing token: send the header "Authorization: Bearer <API_TOKEN>"
               */
              message: string;
              /**
               * @description request code, also in the x-request-id header and the logs; quote it when reporting a problem
               * @example req_50v38om4gfh91qgdbrhx7fyc
               */
              request_id: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v2/svc/audio/create_by_tts': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Audio from text (credits)
     * @description Query the result with GET /api/v2/svc/video/task: the MP3 URL is in video_Url and its length in duration.
     *
     *     **Codes this operation answers** (in the body's `code`):
     *
     *     | code | meaning | HTTP |
     *     |---|---|---|
     *     | 0 | success | 200 |
     *     | 11 | incorrect parameter (the message names the parameter and the rule) | 200 |
     *     | 14 | resource not found (or not yours) | 200 |
     *     | 1001 | number of works being generated has reached the limit | 200 |
     *     | 1002 | insufficient credits | 200 |
     *     | 1015 | number of submitted works has reached the limit (per day) | 200 |
     *     | 2003 | invalid token | 401 |
     *
     *     An unexpected server fault is HTTP 500 with code 99 and a generic message.
     *
     *     **When the task fails** (status 4), its task query gives the reason in `fail_code` and `fail_reason`:
     *
     *     | code | meaning |
     *     |---|---|
     *     | 1002 | insufficient credits |
     *     | 99 | unexpected server fault |
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "text": "Hello! This video was made by likeness from one line of text.",
           *       "title": "Hello from likeness",
           *       "voice": "pub-en-james"
           *     }
           */
          'application/json': {
            /**
             * @description AIGC watermark (visible 'AI生成' mark plus metadata): 0 = follow the account setting, 1 = enable, 2 = disable; default 0
             * @default 0
             * @example 0
             */
            aigc_flag?: number;
            /**
             * Format: plain-text
             * @description the text to speak; 1 to 10000 characters; HTML tags unsupported (refused with code 11); spoken in the language it is written in
             * @example Hello! This video was made by likeness from one line of text.
             */
            text: string;
            /**
             * @description work title; default 'Untitled'; at most 20 characters (a longer one is cut to its first 20 and reported in the x-likeness-contract header, or refused with code 11 when the server runs with LIKENESS_CONTRACT=strict)
             * @example Hello from likeness
             */
            title?: string;
            /**
             * @description voice identifier: a public voice (GET /api/v2/svc/voice/list?kind=2, e.g. pub-en-james) or one you cloned (voice/list kind=1, or a voice task's result); required
             * @example pub-en-james
             */
            voice: string;
          };
        };
      };
      responses: {
        /** @description success, or a failure with a non-zero code */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description 0 on success; otherwise an error code from the Errors table (the operation description lists the codes it can answer)
               * @example 0
               */
              code: number;
              /**
               * @description error text on failure, saying what to fix; empty on success
               * @example
               */
              message: string;
              /**
               * @description request code, also in the x-request-id header and the logs; quote it when reporting a problem
               * @example req_50v38om4gfh91qgdbrhx7fyc
               */
              request_id: string;
              /**
               * @description identifier of the task this call started; poll GET /api/v2/svc/video/task?task_id=… for its status and result
               * @example t_716c4riwn7g7414hybkfs2gt
               */
              task_id: string;
            };
          };
        };
        /** @description authentication failure (code 2003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description always 2003 (invalid token)
               * @example 2003
               */
              code: number;
              /**
               * @description what is wrong with the Authorization header
               * @example missing token: send the header "Authorization: Bearer <API_TOKEN>"
               */
              message: string;
              /**
               * @description request code, also in the x-request-id header and the logs; quote it when reporting a problem
               * @example req_50v38om4gfh91qgdbrhx7fyc
               */
              request_id: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v2/svc/avatar': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Delete one of the caller's own avatars
     * @description Only your own avatars can be deleted: a public or team-space avatar is refused with code 11.
     *
     *     **Codes this operation answers** (in the body's `code`):
     *
     *     | code | meaning | HTTP |
     *     |---|---|---|
     *     | 0 | success | 200 |
     *     | 11 | incorrect parameter (the message names the parameter and the rule) | 200 |
     *     | 14 | resource not found (or not yours) | 200 |
     *     | 2003 | invalid token | 401 |
     *
     *     An unexpected server fault is HTTP 500 with code 99 and a generic message.
     */
    delete: {
      parameters: {
        query: {
          /**
           * @description identifier of one of your own avatars, from the avatar list (kind=1) or an avatar task result
           * @example av_ed58ejyy8q42h3rma3aq20a0
           */
          avatar: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description success, or a failure with a non-zero code */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description 0 on success; otherwise an error code from the Errors table (the operation description lists the codes it can answer)
               * @example 0
               */
              code: number;
              /**
               * @description error text on failure, saying what to fix; empty on success
               * @example
               */
              message: string;
              /**
               * @description request code, also in the x-request-id header and the logs; quote it when reporting a problem
               * @example req_50v38om4gfh91qgdbrhx7fyc
               */
              request_id: string;
            };
          };
        };
        /** @description authentication failure (code 2003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description always 2003 (invalid token)
               * @example 2003
               */
              code: number;
              /**
               * @description what is wrong with the Authorization header
               * @example missing token: send the header "Authorization: Bearer <API_TOKEN>"
               */
              message: string;
              /**
               * @description request code, also in the x-request-id header and the logs; quote it when reporting a problem
               * @example req_50v38om4gfh91qgdbrhx7fyc
               */
              request_id: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v2/svc/avatar/create_by_image': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create an avatar from an image (credits)
     * @description A reusable avatar from a portrait: JPG, PNG or WebP, 64 to 8192 pixels a side, at most 20 MB, with a face at least 40 pixels wide. Poll GET /api/v2/svc/avatar/task; the avatar id is in its result.
     *
     *     **Codes this operation answers** (in the body's `code`):
     *
     *     | code | meaning | HTTP |
     *     |---|---|---|
     *     | 0 | success | 200 |
     *     | 11 | incorrect parameter (the message names the parameter and the rule) | 200 |
     *     | 14 | resource not found (or not yours) | 200 |
     *     | 1002 | insufficient credits | 200 |
     *     | 1005 | membership must be opened | 200 |
     *     | 1006 | membership level is not enough | 200 |
     *     | 2003 | invalid token | 401 |
     *     | 2012 | file type not supported | 200 |
     *
     *     An unexpected server fault is HTTP 500 with code 99 and a generic message.
     *
     *     **When the task fails** (status 4), its task query gives the reason in `fail_code` and `fail_reason`:
     *
     *     | code | meaning |
     *     |---|---|
     *     | 2011 | file size exceeds the limit |
     *     | 2012 | file type not supported |
     *     | 2015 | digital human (avatar) cloning failed |
     *     | 2016 | failed to obtain image resource |
     *     | 99 | unexpected server fault |
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      /** @description Exactly one of image_url/file_id. */
      requestBody: {
        content: {
          /**
           * @example {
           *       "aigc_flag": 0,
           *       "image_url": "https://example.com/media/portrait.jpg",
           *       "model": 2,
           *       "title": "Portrait"
           *     }
           */
          'application/json': {
            /**
             * @description AIGC watermark (visible 'AI生成' mark plus metadata): 0 = follow the account setting, 1 = enable, 2 = disable; default 0
             * @default 0
             * @example 0
             */
            aigc_flag?: number;
            /**
             * @description uploaded portrait (file_id from POST /api/v2/svc/tool/create_upload_url), one of image_url/file_id; same limits
             * @example file_d1yvedko8lfv9azi1l9gum3e
             */
            file_id?: string;
            /**
             * Format: http-url
             * @description the portrait, one of image_url/file_id: JPG, PNG or WebP, 64 to 8192 pixels a side, at most 20 MB; an http(s) URL of at most 2048 characters, fetched by the server when the task runs (never from private or local addresses)
             * @example https://example.com/media/portrait.jpg
             */
            image_url?: string;
            /**
             * @description idle motion: 1 = video 2.0 (calm, subtle motion), 2 = video 2.1 (lively); default 2
             * @default 2
             * @example 2
             * @enum {integer}
             */
            model?: 1 | 2;
            /**
             * @description avatar name; at most 100 characters; default 'Untitled'
             * @example Portrait
             */
            title?: string;
          };
        };
      };
      responses: {
        /** @description success, or a failure with a non-zero code */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description 0 on success; otherwise an error code from the Errors table (the operation description lists the codes it can answer)
               * @example 0
               */
              code: number;
              /**
               * @description error text on failure, saying what to fix; empty on success
               * @example
               */
              message: string;
              /**
               * @description request code, also in the x-request-id header and the logs; quote it when reporting a problem
               * @example req_50v38om4gfh91qgdbrhx7fyc
               */
              request_id: string;
              /**
               * @description identifier of the task this call started; poll GET /api/v2/svc/avatar/task?task_id=… for its status and result
               * @example t_716c4riwn7g7414hybkfs2gt
               */
              task_id: string;
            };
          };
        };
        /** @description authentication failure (code 2003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description always 2003 (invalid token)
               * @example 2003
               */
              code: number;
              /**
               * @description what is wrong with the Authorization header
               * @example missing token: send the header "Authorization: Bearer <API_TOKEN>"
               */
              message: string;
              /**
               * @description request code, also in the x-request-id header and the logs; quote it when reporting a problem
               * @example req_50v38om4gfh91qgdbrhx7fyc
               */
              request_id: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v2/svc/avatar/create_by_video': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create an avatar from a video
     * @description A reusable avatar from a video of one person speaking: MP4 or MOV, H.264, 360p to 4K, 5 seconds to 30 minutes, at most 500 MB. The same video_url (or file_id) sent again gives the same avatar. Poll GET /api/v2/svc/avatar/task; the avatar id is in its result.
     *
     *     **Codes this operation answers** (in the body's `code`):
     *
     *     | code | meaning | HTTP |
     *     |---|---|---|
     *     | 0 | success | 200 |
     *     | 11 | incorrect parameter (the message names the parameter and the rule) | 200 |
     *     | 14 | resource not found (or not yours) | 200 |
     *     | 2003 | invalid token | 401 |
     *     | 2012 | file type not supported | 200 |
     *
     *     An unexpected server fault is HTTP 500 with code 99 and a generic message.
     *
     *     **When the task fails** (status 4), its task query gives the reason in `fail_code` and `fail_reason`:
     *
     *     | code | meaning |
     *     |---|---|
     *     | 2011 | file size exceeds the limit |
     *     | 2012 | file type not supported |
     *     | 2014 | failed to obtain video resource |
     *     | 2015 | digital human (avatar) cloning failed |
     *     | 99 | unexpected server fault |
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      /** @description Exactly one of video_url/file_id. */
      requestBody: {
        content: {
          /**
           * @example {
           *       "aigc_flag": 0,
           *       "title": "Presenter",
           *       "video_url": "https://example.com/media/presenter.mp4"
           *     }
           */
          'application/json': {
            /**
             * @description AIGC watermark (visible 'AI生成' mark plus metadata): 0 = follow the account setting, 1 = enable, 2 = disable; default 0
             * @default 0
             * @example 0
             */
            aigc_flag?: number;
            /**
             * @description uploaded source video (file_id from POST /api/v2/svc/tool/create_upload_url), one of video_url/file_id; same limits
             * @example file_hc1lylhg8lr2gyxz19yqa4rx
             */
            file_id?: string;
            /**
             * @description avatar name; at most 100 characters; default 'Untitled'
             * @example Presenter
             */
            title?: string;
            /**
             * Format: http-url
             * @description the source video, one of video_url/file_id: MP4 or MOV, H.264, 360p to 4K, 5 seconds to 30 minutes, at most 500 MB; an http(s) URL of at most 500 characters, fetched by the server when the task runs (never from private or local addresses)
             * @example https://example.com/media/presenter.mp4
             */
            video_url?: string;
          };
        };
      };
      responses: {
        /** @description success, or a failure with a non-zero code */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description 0 on success; otherwise an error code from the Errors table (the operation description lists the codes it can answer)
               * @example 0
               */
              code: number;
              /**
               * @description error text on failure, saying what to fix; empty on success
               * @example
               */
              message: string;
              /**
               * @description request code, also in the x-request-id header and the logs; quote it when reporting a problem
               * @example req_50v38om4gfh91qgdbrhx7fyc
               */
              request_id: string;
              /**
               * @description identifier of the task this call started; poll GET /api/v2/svc/avatar/task?task_id=… for its status and result
               * @example t_716c4riwn7g7414hybkfs2gt
               */
              task_id: string;
            };
          };
        };
        /** @description authentication failure (code 2003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description always 2003 (invalid token)
               * @example 2003
               */
              code: number;
              /**
               * @description what is wrong with the Authorization header
               * @example missing token: send the header "Authorization: Bearer <API_TOKEN>"
               */
              message: string;
              /**
               * @description request code, also in the x-request-id header and the logs; quote it when reporting a problem
               * @example req_50v38om4gfh91qgdbrhx7fyc
               */
              request_id: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v2/svc/avatar/list': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List avatars
     * @description Public avatars ship with the service; use their `avatar` ids in the video operations right away.
     *
     *     **Codes this operation answers** (in the body's `code`):
     *
     *     | code | meaning | HTTP |
     *     |---|---|---|
     *     | 0 | success | 200 |
     *     | 11 | incorrect parameter (the message names the parameter and the rule) | 200 |
     *     | 2003 | invalid token | 401 |
     *
     *     An unexpected server fault is HTTP 500 with code 99 and a generic message.
     */
    get: {
      parameters: {
        query?: {
          /**
           * @description page number, from 1 to 1000000; default 1 (past the last page the list is empty)
           * @example 1
           */
          page?: number;
          /**
           * @description items per page, from 1 to 200; default 20
           * @example 20
           */
          size?: number;
          /**
           * @description which avatars: 0 = all (the caller's own first, newest first, then the public ones), 1 = own, 2 = public; default 2
           * @example 2
           */
          kind?: 0 | 1 | 2;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description success, or a failure with a non-zero code */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description 0 on success; otherwise an error code from the Errors table (the operation description lists the codes it can answer)
               * @example 0
               */
              code: number;
              /** @description the avatars of this page */
              data: {
                /**
                 * @description avatar identifier, usable as `avatar` in the video operations
                 * @example pub-avatar-alex
                 */
                avatar: string;
                /**
                 * @description 1 = caller's own avatar, 2 = public avatar
                 * @example 2
                 */
                kind: number;
                /**
                 * @description avatar name
                 * @example Alex · Tech Host
                 */
                title: string;
              }[];
              /**
               * @description error text on failure, saying what to fix; empty on success
               * @example
               */
              message: string;
              /**
               * @description request code, also in the x-request-id header and the logs; quote it when reporting a problem
               * @example req_50v38om4gfh91qgdbrhx7fyc
               */
              request_id: string;
            };
          };
        };
        /** @description authentication failure (code 2003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description always 2003 (invalid token)
               * @example 2003
               */
              code: number;
              /**
               * @description what is wrong with the Authorization header
               * @example missing token: send the header "Authorization: Bearer <API_TOKEN>"
               */
              message: string;
              /**
               * @description request code, also in the x-request-id header and the logs; quote it when reporting a problem
               * @example req_50v38om4gfh91qgdbrhx7fyc
               */
              request_id: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v2/svc/avatar/task': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Avatar task result
     * @description The status of an avatar creation; once completed (status 3), `avatar` is the new avatar id. Poll it until status is 3 or 4.
     *
     *     **Codes this operation answers** (in the body's `code`):
     *
     *     | code | meaning | HTTP |
     *     |---|---|---|
     *     | 0 | success | 200 |
     *     | 11 | incorrect parameter (the message names the parameter and the rule) | 200 |
     *     | 14 | resource not found (or not yours) | 200 |
     *     | 2003 | invalid token | 401 |
     *
     *     An unexpected server fault is HTTP 500 with code 99 and a generic message.
     */
    get: {
      parameters: {
        query: {
          /**
           * @description task identifier, as returned by avatar/create_by_video or avatar/create_by_image
           * @example t_716c4riwn7g7414hybkfs2gt
           */
          task_id: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description success, or a failure with a non-zero code */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description once completed (status 3): the new avatar identifier, for `avatar` in the video operations; empty until then
               * @example av_ed58ejyy8q42h3rma3aq20a0
               */
              avatar: string;
              /**
               * @description 0 on success; otherwise an error code from the Errors table (the operation description lists the codes it can answer)
               * @example 0
               */
              code: number;
              /** @description once completed: the faces found in the source and which one speaks */
              face?: {
                /**
                 * @description width of the face that speaks, in source pixels
                 * @example 212
                 */
                face_width_px: number;
                /**
                 * @description faces found in the source (the most in one frame); absent for avatars made before faces were counted
                 * @example 1
                 */
                faces_found?: number;
                /**
                 * @description said when more than one face was found (which one speaks, and how to choose another) and when a video shows the face in less than 90% of its frames: which stretch of it the avatar plays when one with the face lasts 3 s or more, otherwise that no mouth moves where the face is missing
                 * @example 2 faces were found in the video; the one in the middle (212 px wide, at 254, 180) speaks. To animate another, crop the video to that person and make the avatar again
                 */
                notice?: string;
                /** @description where the face that speaks is, in source pixels */
                speaker?: {
                  /**
                   * @description face box height, in source pixels
                   * @example 260
                   */
                  height: number;
                  /**
                   * @description 'on the left', 'in the middle' or 'on the right'
                   * @example in the middle
                   */
                  place: string;
                  /**
                   * @description face box width, in source pixels
                   * @example 212
                   */
                  width: number;
                  /**
                   * @description x of the face box's top-left corner, in source pixels
                   * @example 254
                   */
                  x: number;
                  /**
                   * @description y of the face box's top-left corner, in source pixels
                   * @example 180
                   */
                  y: number;
                };
              };
              /**
               * @description only when status is 4: the error code of the failure (e.g. 2013 audio, 2014 video, 2015 avatar cloning, 2016 image, 99 server fault)
               * @example 2013
               */
              fail_code?: number;
              /**
               * @description only when status is 4: why it failed and what to change
               * @example could not fetch the audio: the server answered HTTP 404
               */
              fail_reason?: string;
              /**
               * @description error text on failure, saying what to fix; empty on success
               * @example
               */
              message: string;
              /**
               * @description percent done, 0 to 100 (100 once completed)
               * @example 100
               */
              progress: number;
              /**
               * @description request code, also in the x-request-id header and the logs; quote it when reporting a problem
               * @example req_50v38om4gfh91qgdbrhx7fyc
               */
              request_id: string;
              /**
               * @description task status: 1 = waiting: queued, not started yet; 2 = processing: being made (see progress); 3 = completed: the result fields are filled; 4 = failed: fail_code and fail_reason say why (reserved credits are refunded). Callbacks carry only 3 or 4.
               * @example 3
               * @enum {integer}
               */
              status: 1 | 2 | 3 | 4;
            };
          };
        };
        /** @description authentication failure (code 2003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description always 2003 (invalid token)
               * @example 2003
               */
              code: number;
              /**
               * @description what is wrong with the Authorization header
               * @example missing token: send the header "Authorization: Bearer <API_TOKEN>"
               */
              message: string;
              /**
               * @description request code, also in the x-request-id header and the logs; quote it when reporting a problem
               * @example req_50v38om4gfh91qgdbrhx7fyc
               */
              request_id: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v2/svc/project/cover_styles': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Cover styles
     * @description The styles of project/covers, which ship with the service.
     *
     *     **Codes this operation answers** (in the body's `code`):
     *
     *     | code | meaning | HTTP |
     *     |---|---|---|
     *     | 0 | success | 200 |
     *     | 11 | incorrect parameter (the message names the parameter and the rule) | 200 |
     *     | 2003 | invalid token | 401 |
     *
     *     An unexpected server fault is HTTP 500 with code 99 and a generic message.
     */
    get: {
      parameters: {
        query?: {
          /**
           * @description page number, from 1 to 1000000; default 1 (past the last page the list is empty)
           * @example 1
           */
          page?: number;
          /**
           * @description items per page, from 1 to 200; default 20
           * @example 20
           */
          size?: number;
          /**
           * @description third-party user identifier; required (non-empty) only when the token was issued for a third-party agent platform, ignored otherwise
           * @example user-42
           */
          svc_id?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description success, or a failure with a non-zero code */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description 0 on success; otherwise an error code from the Errors table (the operation description lists the codes it can answer)
               * @example 0
               */
              code: number;
              /** @description the cover styles of this page */
              data: {
                /**
                 * @description style identifier; usable as the template parameter of project/covers
                 * @example cover-news
                 */
                id: string;
                /**
                 * @description text-slot placeholder; unavailable; always an empty array
                 * @example []
                 */
                slots: unknown[];
                /**
                 * @description style name
                 * @example 新闻快讯 Breaking News
                 */
                title: string;
                /**
                 * @description preview image address (PNG; public, no token needed)
                 * @example http://127.0.0.1:3000/catalogue/cover-styles/cover-news.png
                 */
                url: string;
              }[];
              /**
               * @description error text on failure, saying what to fix; empty on success
               * @example
               */
              message: string;
              /**
               * @description request code, also in the x-request-id header and the logs; quote it when reporting a problem
               * @example req_50v38om4gfh91qgdbrhx7fyc
               */
              request_id: string;
              /**
               * @description how many cover styles there are
               * @example 7
               */
              total: number;
            };
          };
        };
        /** @description authentication failure (code 2003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description always 2003 (invalid token)
               * @example 2003
               */
              code: number;
              /**
               * @description what is wrong with the Authorization header
               * @example missing token: send the header "Authorization: Bearer <API_TOKEN>"
               */
              message: string;
              /**
               * @description request code, also in the x-request-id header and the logs; quote it when reporting a problem
               * @example req_50v38om4gfh91qgdbrhx7fyc
               */
              request_id: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v2/svc/project/covers': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Generate a cover image from a cover style
     * @description Draws the cover while the request waits and answers its address. Fill the style's text areas from `content` (split automatically) or give them explicitly in `slots`.
     *
     *     **Codes this operation answers** (in the body's `code`):
     *
     *     | code | meaning | HTTP |
     *     |---|---|---|
     *     | 0 | success | 200 |
     *     | 11 | incorrect parameter (the message names the parameter and the rule) | 200 |
     *     | 14 | resource not found (or not yours) | 200 |
     *     | 2003 | invalid token | 401 |
     *
     *     An unexpected server fault is HTTP 500 with code 99 and a generic message.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      /** @description template, and content or slots (at least one). */
      requestBody: {
        content: {
          /**
           * @example {
           *       "avatar": "pub-avatar-alex",
           *       "canvas_preset": "9:16",
           *       "content": "City adds 12 bus lines. Service starts next Monday, every 5 minutes at peak hours.",
           *       "output_format": "jpg",
           *       "template": "cover-news"
           *     }
           */
          'application/json': {
            /**
             * @description avatar identifier: a public avatar (GET /api/v2/svc/avatar/list?kind=2, e.g. pub-avatar-alex) or one of yours (avatar/list kind=1, or an avatar task's result); optional: the avatar's picture replaces the figure in the cover
             * @example pub-avatar-alex
             */
            avatar?: string;
            /**
             * @description canvas shape: 9:16 (default) or 3:4
             * @default 9:16
             * @example 9:16
             * @enum {string}
             */
            canvas_preset?: '9:16' | '3:4';
            /**
             * @description text to fill the style's text areas, at most 10000 characters; the slot values are derived from it (one of content/slots at least)
             * @example City adds 12 bus lines. Service starts next Monday, every 5 minutes at peak hours.
             */
            content?: string;
            /**
             * @description image format: jpg (default) or png
             * @default jpg
             * @example jpg
             * @enum {string}
             */
            output_format?: 'jpg' | 'png';
            /**
             * @description explicit slot values, at most 50 (one of content/slots at least)
             * @example [
             *       {
             *         "name": "headline",
             *         "value": "City adds 12 bus lines"
             *       }
             *     ]
             */
            slots?: {
              /**
               * @description slot label, matched against the text areas like name
               * @example 标题
               */
              label?: string;
              /**
               * @description maximum value length, in characters: a longer value is refused with 11 (never cut)
               * @example 26
               */
              max_length?: number;
              /**
               * @description minimum value length, in characters: a shorter value is refused with 11
               * @example 4
               */
              min_length?: number;
              /**
               * @description slot name: any name; a slot named like one of the style's text areas (or its label) goes there, the others fill the remaining areas in order
               * @example headline
               */
              name?: string;
              /**
               * @description slot value: the text drawn, whole, or refused with 11 when it does not fit
               * @example City adds 12 bus lines
               */
              value?: string;
            }[];
            /**
             * @description third-party user identifier; required (non-empty) only when the token was issued for a third-party agent platform, ignored otherwise
             * @example user-42
             */
            svc_id?: string;
            /**
             * @description cover style identifier, from GET /api/v2/svc/project/cover_styles
             * @example cover-news
             */
            template: string;
          };
        };
      };
      responses: {
        /** @description success, or a failure with a non-zero code */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description 0 on success; otherwise an error code from the Errors table (the operation description lists the codes it can answer)
               * @example 0
               */
              code: number;
              /**
               * @description cover identifier
               * @example cov_2hmvnn7rgdgtu179uvk6d9pj
               */
              cover_id: string;
              /**
               * @description error text on failure, saying what to fix; empty on success
               * @example
               */
              message: string;
              /**
               * @description request code, also in the x-request-id header and the logs; quote it when reporting a problem
               * @example req_50v38om4gfh91qgdbrhx7fyc
               */
              request_id: string;
              /**
               * @description temporary signed address of the cover image (GET it without the token)
               * @example http://127.0.0.1:3000/files/covers/acc_8m2k4q6w1e3r5t7y9u0i2o4p/cov_2hmvnn7rgdgtu179uvk6d9pj.jpg?exp=1767312000&sig=dGhpcyBpcyBhbiBleGFtcGxl
               */
              url: string;
            };
          };
        };
        /** @description authentication failure (code 2003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description always 2003 (invalid token)
               * @example 2003
               */
              code: number;
              /**
               * @description what is wrong with the Authorization header
               * @example missing token: send the header "Authorization: Bearer <API_TOKEN>"
               */
              message: string;
              /**
               * @description request code, also in the x-request-id header and the logs; quote it when reporting a problem
               * @example req_50v38om4gfh91qgdbrhx7fyc
               */
              request_id: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v2/svc/tool/create_upload_url': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Signed upload address
     * @description Returns a signed upload_url valid for 1 hour (LIKENESS_UPLOAD_URL_TTL). PUT the file bytes there with Content-Type set to the returned content_type (the PUT answers 200 with the file_id); then use file_id in other operations.
     *
     *     **Codes this operation answers** (in the body's `code`):
     *
     *     | code | meaning | HTTP |
     *     |---|---|---|
     *     | 0 | success | 200 |
     *     | 11 | incorrect parameter (the message names the parameter and the rule) | 200 |
     *     | 2003 | invalid token | 401 |
     *     | 2012 | file type not supported | 200 |
     *
     *     An unexpected server fault is HTTP 500 with code 99 and a generic message.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "file_extension": "mp4"
           *     }
           */
          'application/json': {
            /**
             * @description the file's extension, without the dot: mp4, mov (video); mp3, m4a, wav, aac, flac, ogg (audio); jpg, jpeg, png, webp (image); anything else is refused with 2012
             * @example mp4
             */
            file_extension: string;
          };
        };
      };
      responses: {
        /** @description success, or a failure with a non-zero code */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description 0 on success; otherwise an error code from the Errors table (the operation description lists the codes it can answer)
               * @example 0
               */
              code: number;
              /**
               * @description MIME type that must be set as Content-Type on the upload
               * @example video/mp4
               */
              content_type: string;
              /**
               * @description file identifier for later use (file_id, video_file_id, image_file_id, ...)
               * @example file_hc1lylhg8lr2gyxz19yqa4rx
               */
              file_id: string;
              /**
               * @description error text on failure, saying what to fix; empty on success
               * @example
               */
              message: string;
              /**
               * @description request code, also in the x-request-id header and the logs; quote it when reporting a problem
               * @example req_50v38om4gfh91qgdbrhx7fyc
               */
              request_id: string;
              /**
               * @description signed address to PUT the file to (no token needed; keep its query parameters)
               * @example http://127.0.0.1:3000/files/upload/file_hc1lylhg8lr2gyxz19yqa4rx?exp=1767312000&sig=dGhpcyBpcyBhbiBleGFtcGxl
               */
              upload_url: string;
            };
          };
        };
        /** @description authentication failure (code 2003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description always 2003 (invalid token)
               * @example 2003
               */
              code: number;
              /**
               * @description what is wrong with the Authorization header
               * @example missing token: send the header "Authorization: Bearer <API_TOKEN>"
               */
              message: string;
              /**
               * @description request code, also in the x-request-id header and the logs; quote it when reporting a problem
               * @example req_50v38om4gfh91qgdbrhx7fyc
               */
              request_id: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v2/svc/video/create_by_audio': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Video driven by an audio file (credits)
     * @description The avatar (or the person in an uploaded video) speaks the audio. Send the audio as audio_url or file_id, and the speaker as avatar or video_file_id.
     *
     *     **Codes this operation answers** (in the body's `code`):
     *
     *     | code | meaning | HTTP |
     *     |---|---|---|
     *     | 0 | success | 200 |
     *     | 11 | incorrect parameter (the message names the parameter and the rule) | 200 |
     *     | 14 | resource not found (or not yours) | 200 |
     *     | 1001 | number of works being generated has reached the limit | 200 |
     *     | 1002 | insufficient credits | 200 |
     *     | 1015 | number of submitted works has reached the limit (per day) | 200 |
     *     | 2003 | invalid token | 401 |
     *     | 2012 | file type not supported | 200 |
     *
     *     An unexpected server fault is HTTP 500 with code 99 and a generic message.
     *
     *     **When the task fails** (status 4), its task query gives the reason in `fail_code` and `fail_reason`:
     *
     *     | code | meaning |
     *     |---|---|
     *     | 1002 | insufficient credits |
     *     | 2011 | file size exceeds the limit |
     *     | 2012 | file type not supported |
     *     | 2013 | failed to obtain audio resource |
     *     | 2014 | failed to obtain video resource |
     *     | 2015 | digital human (avatar) cloning failed |
     *     | 99 | unexpected server fault |
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      /** @description Exactly one of audio_url/file_id, and avatar or video_file_id. */
      requestBody: {
        content: {
          /**
           * @example {
           *       "aigc_flag": 0,
           *       "audio_url": "https://example.com/media/narration.mp3",
           *       "avatar": "pub-avatar-alex",
           *       "title": "Narration"
           *     }
           */
          'application/json': {
            /**
             * @description AIGC watermark (visible 'AI生成' mark plus metadata): 0 = follow the account setting, 1 = enable, 2 = disable; default 0
             * @default 0
             * @example 0
             */
            aigc_flag?: number;
            /**
             * Format: http-url
             * @description the audio to speak, one of audio_url/file_id: mp3, m4a, wav and similar; at most 100 MB; 5 seconds to 30 minutes; an http(s) URL of at most 2048 characters, fetched by the server when the task runs (never from private or local addresses)
             * @example https://example.com/media/narration.mp3
             */
            audio_url?: string;
            /**
             * @description avatar identifier: a public avatar (GET /api/v2/svc/avatar/list?kind=2, e.g. pub-avatar-alex) or one of yours (avatar/list kind=1, or an avatar task's result); send avatar or video_file_id (at least one; video_file_id wins)
             * @example pub-avatar-alex
             */
            avatar?: string;
            /**
             * @description uploaded audio (file_id from POST /api/v2/svc/tool/create_upload_url), one of audio_url/file_id; same limits as audio_url
             * @example file_0ntf7gsexx9fokp7fc4g0lz2
             */
            file_id?: string;
            /**
             * @description model type; default '1.5', the only one this server has (anything else is refused with code 11)
             * @example 1.5
             */
            pipeline?: string;
            /**
             * @description work title; default 'Untitled'; at most 20 characters (a longer one is cut to its first 20 and reported in the x-likeness-contract header, or refused with code 11 when the server runs with LIKENESS_CONTRACT=strict)
             * @example Hello from likeness
             */
            title?: string;
            /**
             * @description uploaded video (file_id from POST /api/v2/svc/tool/create_upload_url) whose person speaks instead of an avatar; when both it and avatar are sent, the video is used and avatar ignored
             * @example file_hc1lylhg8lr2gyxz19yqa4rx
             */
            video_file_id?: string;
            /**
             * @description where in the avatar's video the work starts, in milliseconds; default 0 (the beginning)
             * @example 0
             */
            video_start_msec?: number;
          };
        };
      };
      responses: {
        /** @description success, or a failure with a non-zero code */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description 0 on success; otherwise an error code from the Errors table (the operation description lists the codes it can answer)
               * @example 0
               */
              code: number;
              /**
               * @description error text on failure, saying what to fix; empty on success
               * @example
               */
              message: string;
              /**
               * @description request code, also in the x-request-id header and the logs; quote it when reporting a problem
               * @example req_50v38om4gfh91qgdbrhx7fyc
               */
              request_id: string;
              /**
               * @description identifier of the task this call started; poll GET /api/v2/svc/video/task?task_id=… for its status and result
               * @example t_716c4riwn7g7414hybkfs2gt
               */
              task_id: string;
            };
          };
        };
        /** @description authentication failure (code 2003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description always 2003 (invalid token)
               * @example 2003
               */
              code: number;
              /**
               * @description what is wrong with the Authorization header
               * @example missing token: send the header "Authorization: Bearer <API_TOKEN>"
               */
              message: string;
              /**
               * @description request code, also in the x-request-id header and the logs; quote it when reporting a problem
               * @example req_50v38om4gfh91qgdbrhx7fyc
               */
              request_id: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v2/svc/video/create_by_image': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Talking video from a person image and text (credits)
     * @description The person in the image speaks the text in the voice. Upload the image first (POST /api/v2/svc/tool/create_upload_url). No callback is sent, and the task query returns no duration.
     *
     *     **Codes this operation answers** (in the body's `code`):
     *
     *     | code | meaning | HTTP |
     *     |---|---|---|
     *     | 0 | success | 200 |
     *     | 11 | incorrect parameter (the message names the parameter and the rule) | 200 |
     *     | 14 | resource not found (or not yours) | 200 |
     *     | 1001 | number of works being generated has reached the limit | 200 |
     *     | 1002 | insufficient credits | 200 |
     *     | 1005 | membership must be opened | 200 |
     *     | 1006 | membership level is not enough | 200 |
     *     | 1015 | number of submitted works has reached the limit (per day) | 200 |
     *     | 2003 | invalid token | 401 |
     *     | 2012 | file type not supported | 200 |
     *
     *     An unexpected server fault is HTTP 500 with code 99 and a generic message.
     *
     *     **When the task fails** (status 4), its task query gives the reason in `fail_code` and `fail_reason`:
     *
     *     | code | meaning |
     *     |---|---|
     *     | 1002 | insufficient credits |
     *     | 2011 | file size exceeds the limit |
     *     | 2015 | digital human (avatar) cloning failed |
     *     | 2016 | failed to obtain image resource |
     *     | 99 | unexpected server fault |
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "image_file_id": "file_d1yvedko8lfv9azi1l9gum3e",
           *       "model": 5,
           *       "text": "Hello! This video was made by likeness from one line of text.",
           *       "voice": "pub-en-james"
           *     }
           */
          'application/json': {
            /**
             * @description uploaded person image (file_id from POST /api/v2/svc/tool/create_upload_url): JPG, PNG or WebP, 64 to 8192 pixels a side, at most 20 MB, with a face at least 40 pixels wide
             * @example file_d1yvedko8lfv9azi1l9gum3e
             */
            image_file_id: string;
            /**
             * @description 5 = model 4.0 (realistic), 6 = model 4.0 cartoon; 0 or absent means 5
             * @example 5
             */
            model?: number;
            /**
             * Format: plain-text
             * @description the text to speak; 1 to 10000 characters; HTML tags unsupported (refused with code 11); spoken in the language it is written in
             * @example Hello! This video was made by likeness from one line of text.
             */
            text: string;
            /**
             * @description voice identifier: a public voice (GET /api/v2/svc/voice/list?kind=2, e.g. pub-en-james) or one you cloned (voice/list kind=1, or a voice task's result); required
             * @example pub-en-james
             */
            voice: string;
          };
        };
      };
      responses: {
        /** @description success, or a failure with a non-zero code */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description 0 on success; otherwise an error code from the Errors table (the operation description lists the codes it can answer)
               * @example 0
               */
              code: number;
              /**
               * @description error text on failure, saying what to fix; empty on success
               * @example
               */
              message: string;
              /**
               * @description request code, also in the x-request-id header and the logs; quote it when reporting a problem
               * @example req_50v38om4gfh91qgdbrhx7fyc
               */
              request_id: string;
              /**
               * @description identifier of the task this call started; poll GET /api/v2/svc/video/task?task_id=… for its status and result
               * @example t_716c4riwn7g7414hybkfs2gt
               */
              task_id: string;
            };
          };
        };
        /** @description authentication failure (code 2003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description always 2003 (invalid token)
               * @example 2003
               */
              code: number;
              /**
               * @description what is wrong with the Authorization header
               * @example missing token: send the header "Authorization: Bearer <API_TOKEN>"
               */
              message: string;
              /**
               * @description request code, also in the x-request-id header and the logs; quote it when reporting a problem
               * @example req_50v38om4gfh91qgdbrhx7fyc
               */
              request_id: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v2/svc/video/create_by_sing': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Singing video from a person image and a song (credits)
     * @description The person in the image sings the song. Upload both files first (POST /api/v2/svc/tool/create_upload_url). No callback is sent, and the task query returns no duration.
     *
     *     **Codes this operation answers** (in the body's `code`):
     *
     *     | code | meaning | HTTP |
     *     |---|---|---|
     *     | 0 | success | 200 |
     *     | 11 | incorrect parameter (the message names the parameter and the rule) | 200 |
     *     | 14 | resource not found (or not yours) | 200 |
     *     | 1001 | number of works being generated has reached the limit | 200 |
     *     | 1002 | insufficient credits | 200 |
     *     | 1005 | membership must be opened | 200 |
     *     | 1006 | membership level is not enough | 200 |
     *     | 1015 | number of submitted works has reached the limit (per day) | 200 |
     *     | 2003 | invalid token | 401 |
     *     | 2012 | file type not supported | 200 |
     *
     *     An unexpected server fault is HTTP 500 with code 99 and a generic message.
     *
     *     **When the task fails** (status 4), its task query gives the reason in `fail_code` and `fail_reason`:
     *
     *     | code | meaning |
     *     |---|---|
     *     | 1002 | insufficient credits |
     *     | 2011 | file size exceeds the limit |
     *     | 2013 | failed to obtain audio resource |
     *     | 2015 | digital human (avatar) cloning failed |
     *     | 2016 | failed to obtain image resource |
     *     | 99 | unexpected server fault |
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "audio_file_id": "file_0ntf7gsexx9fokp7fc4g0lz2",
           *       "image_file_id": "file_d1yvedko8lfv9azi1l9gum3e"
           *     }
           */
          'application/json': {
            /**
             * @description uploaded song audio; at most 60 seconds
             * @example file_0ntf7gsexx9fokp7fc4g0lz2
             */
            audio_file_id: string;
            /**
             * @description uploaded person image (file_id from POST /api/v2/svc/tool/create_upload_url): JPG, PNG or WebP, 64 to 8192 pixels a side, at most 20 MB, with a face at least 40 pixels wide
             * @example file_d1yvedko8lfv9azi1l9gum3e
             */
            image_file_id: string;
          };
        };
      };
      responses: {
        /** @description success, or a failure with a non-zero code */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description 0 on success; otherwise an error code from the Errors table (the operation description lists the codes it can answer)
               * @example 0
               */
              code: number;
              /**
               * @description error text on failure, saying what to fix; empty on success
               * @example
               */
              message: string;
              /**
               * @description request code, also in the x-request-id header and the logs; quote it when reporting a problem
               * @example req_50v38om4gfh91qgdbrhx7fyc
               */
              request_id: string;
              /**
               * @description identifier of the task this call started; poll GET /api/v2/svc/video/task?task_id=… for its status and result
               * @example t_716c4riwn7g7414hybkfs2gt
               */
              task_id: string;
            };
          };
        };
        /** @description authentication failure (code 2003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description always 2003 (invalid token)
               * @example 2003
               */
              code: number;
              /**
               * @description what is wrong with the Authorization header
               * @example missing token: send the header "Authorization: Bearer <API_TOKEN>"
               */
              message: string;
              /**
               * @description request code, also in the x-request-id header and the logs; quote it when reporting a problem
               * @example req_50v38om4gfh91qgdbrhx7fyc
               */
              request_id: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v2/svc/video/create_by_template': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Subtitled, titled video from text and a template (credits)
     * @description The template (GET /api/v2/svc/video/lively_templates) sets the frame, title and subtitle band; the avatar speaks the text in the voice. Optional background music, ambience and cover are uploaded files.
     *
     *     **Codes this operation answers** (in the body's `code`):
     *
     *     | code | meaning | HTTP |
     *     |---|---|---|
     *     | 0 | success | 200 |
     *     | 11 | incorrect parameter (the message names the parameter and the rule) | 200 |
     *     | 14 | resource not found (or not yours) | 200 |
     *     | 1001 | number of works being generated has reached the limit | 200 |
     *     | 1002 | insufficient credits | 200 |
     *     | 1015 | number of submitted works has reached the limit (per day) | 200 |
     *     | 2003 | invalid token | 401 |
     *     | 2012 | file type not supported | 200 |
     *
     *     An unexpected server fault is HTTP 500 with code 99 and a generic message.
     *
     *     **When the task fails** (status 4), its task query gives the reason in `fail_code` and `fail_reason`:
     *
     *     | code | meaning |
     *     |---|---|
     *     | 1002 | insufficient credits |
     *     | 2011 | file size exceeds the limit |
     *     | 2012 | file type not supported |
     *     | 2013 | failed to obtain audio resource |
     *     | 2014 | failed to obtain video resource |
     *     | 2015 | digital human (avatar) cloning failed |
     *     | 2016 | failed to obtain image resource |
     *     | 99 | unexpected server fault |
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      /** @description template and text, and either avatar + voice or video_file_id. */
      requestBody: {
        content: {
          /**
           * @example {
           *       "avatar": "pub-avatar-alex",
           *       "norm_lufs": 16,
           *       "template": "tpl-news-portrait",
           *       "text": "Hello! This video was made by likeness from one line of text.",
           *       "title": "Hello from likeness",
           *       "voice": "pub-en-james"
           *     }
           */
          'application/json': {
            /**
             * @description AIGC watermark (visible 'AI生成' mark plus metadata): 0 = follow the account setting, 1 = enable, 2 = disable; default 0
             * @default 0
             * @example 0
             */
            aigc_flag?: number;
            /**
             * @description uploaded audio played as ambient sound; at most 500 characters
             * @example file_0ntf7gsexx9fokp7fc4g0lz2
             */
            ambience_file_id?: string;
            /**
             * @description ambient sound target (default -35 LUFS), as a positive number of LUFS from 0 to 100: N means a target of -N LUFS; 0 or absent = unspecified (the server's default)
             * @example 35
             */
            ambience_norm_lufs?: number;
            /**
             * @description sound-effect and asset track target, as a positive number of LUFS from 0 to 100: N means a target of -N LUFS; 0 or absent = unspecified (the server's default)
             * @example 20
             */
            audio_assets_norm_lufs?: number;
            /**
             * @description avatar identifier: a public avatar (GET /api/v2/svc/avatar/list?kind=2, e.g. pub-avatar-alex) or one of yours (avatar/list kind=1, or an avatar task's result); required when video_file_id is absent
             * @example pub-avatar-alex
             */
            avatar?: string;
            /**
             * @description uploaded audio played as background music; at most 500 characters
             * @example file_0ntf7gsexx9fokp7fc4g0lz2
             */
            bgm_file_id?: string;
            /**
             * @description background music target (default -30 LUFS), as a positive number of LUFS from 0 to 100: N means a target of -N LUFS; 0 or absent = unspecified (the server's default)
             * @example 30
             */
            bgm_norm_lufs?: number;
            /**
             * @description uploaded image used as the video's cover picture and first frame; at most 500 characters
             * @example file_d1yvedko8lfv9azi1l9gum3e
             */
            cover_file_id?: string;
            /**
             * @description overall loudness target (speech default -16 LUFS), as a positive number of LUFS from 0 to 100: N means a target of -N LUFS; 0 or absent = unspecified (the server's default)
             * @example 16
             */
            norm_lufs?: number;
            /**
             * @description template identifier, from GET /api/v2/svc/video/lively_templates
             * @example tpl-news-portrait
             */
            template: string;
            /**
             * Format: plain-text
             * @description the text to speak; 1 to 10000 characters; HTML tags unsupported (refused with code 11); spoken in the language it is written in
             * @example Hello! This video was made by likeness from one line of text.
             */
            text: string;
            /**
             * @description work title; default 'Untitled'; at most 20 characters (a longer one is cut to its first 20 and reported in the x-likeness-contract header, or refused with code 11 when the server runs with LIKENESS_CONTRACT=strict)
             * @example Hello from likeness
             */
            title?: string;
            /**
             * @description uploaded video (file_id from POST /api/v2/svc/tool/create_upload_url) whose person speaks instead of an avatar (and, when voice is absent, in their own voice); when both it and avatar are sent, the video is used and avatar ignored
             * @example file_hc1lylhg8lr2gyxz19yqa4rx
             */
            video_file_id?: string;
            /**
             * @description voice identifier: a public voice (GET /api/v2/svc/voice/list?kind=2, e.g. pub-en-james) or one you cloned (voice/list kind=1, or a voice task's result); required when video_file_id is absent
             * @example pub-en-james
             */
            voice?: string;
          };
        };
      };
      responses: {
        /** @description success, or a failure with a non-zero code */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description 0 on success; otherwise an error code from the Errors table (the operation description lists the codes it can answer)
               * @example 0
               */
              code: number;
              /**
               * @description error text on failure, saying what to fix; empty on success
               * @example
               */
              message: string;
              /**
               * @description request code, also in the x-request-id header and the logs; quote it when reporting a problem
               * @example req_50v38om4gfh91qgdbrhx7fyc
               */
              request_id: string;
              /**
               * @description identifier of the task this call started; poll GET /api/v2/svc/video/task?task_id=… for its status and result
               * @example t_716c4riwn7g7414hybkfs2gt
               */
              task_id: string;
            };
          };
        };
        /** @description authentication failure (code 2003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description always 2003 (invalid token)
               * @example 2003
               */
              code: number;
              /**
               * @description what is wrong with the Authorization header
               * @example missing token: send the header "Authorization: Bearer <API_TOKEN>"
               */
              message: string;
              /**
               * @description request code, also in the x-request-id header and the logs; quote it when reporting a problem
               * @example req_50v38om4gfh91qgdbrhx7fyc
               */
              request_id: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v2/svc/video/create_by_tts': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Video driven by text (credits)
     * @description The avatar speaks the text in the voice. Send avatar and voice (both from the public catalogue or your own), or video_file_id: an uploaded video whose person speaks (in their own voice when voice is absent). Poll the result with GET /api/v2/svc/video/task.
     *
     *     **Codes this operation answers** (in the body's `code`):
     *
     *     | code | meaning | HTTP |
     *     |---|---|---|
     *     | 0 | success | 200 |
     *     | 11 | incorrect parameter (the message names the parameter and the rule) | 200 |
     *     | 14 | resource not found (or not yours) | 200 |
     *     | 1001 | number of works being generated has reached the limit | 200 |
     *     | 1002 | insufficient credits | 200 |
     *     | 1015 | number of submitted works has reached the limit (per day) | 200 |
     *     | 2003 | invalid token | 401 |
     *     | 2012 | file type not supported | 200 |
     *
     *     An unexpected server fault is HTTP 500 with code 99 and a generic message.
     *
     *     **When the task fails** (status 4), its task query gives the reason in `fail_code` and `fail_reason`:
     *
     *     | code | meaning |
     *     |---|---|
     *     | 1002 | insufficient credits |
     *     | 2011 | file size exceeds the limit |
     *     | 2012 | file type not supported |
     *     | 2013 | failed to obtain audio resource |
     *     | 2014 | failed to obtain video resource |
     *     | 2015 | digital human (avatar) cloning failed |
     *     | 99 | unexpected server fault |
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      /** @description text, and either avatar + voice or video_file_id. */
      requestBody: {
        content: {
          /**
           * @example {
           *       "avatar": "pub-avatar-alex",
           *       "st_outline_color": "#000000",
           *       "st_primary_color": "#ffffff",
           *       "st_show": 1,
           *       "text": "Hello! This video was made by likeness from one line of text.",
           *       "title": "Hello from likeness",
           *       "voice": "pub-en-james"
           *     }
           */
          'application/json': {
            /**
             * @description AIGC watermark (visible 'AI生成' mark plus metadata): 0 = follow the account setting, 1 = enable, 2 = disable; default 0
             * @default 0
             * @example 0
             */
            aigc_flag?: number;
            /**
             * @description avatar identifier: a public avatar (GET /api/v2/svc/avatar/list?kind=2, e.g. pub-avatar-alex) or one of yours (avatar/list kind=1, or an avatar task's result); required when video_file_id is absent
             * @example pub-avatar-alex
             */
            avatar?: string;
            /**
             * @description model type; default '1.5', the only one this server has (anything else is refused with code 11)
             * @example 1.5
             */
            pipeline?: string;
            /**
             * @description subtitle font family (full, PostScript or family name), at most 100 characters; default the shipped Chinese face 'Noto Sans S Chinese Regular', which is also used when the named font is missing or lacks a character of the text
             * @example Noto Sans S Chinese Regular
             */
            st_font_name?: string;
            /**
             * @description subtitle font size, in pixels, 8 to 400; default 100 (it shrinks when the text cannot fit st_height)
             * @default 100
             * @example 100
             */
            st_font_size?: number;
            /**
             * @description subtitle area height, in output video pixels, 10 to 8192; default 100
             * @default 100
             * @example 100
             */
            st_height?: number;
            /**
             * Format: rrggbb
             * @description subtitle outline colour; default #000000, format #rrggbb
             * @example #000000
             */
            st_outline_color?: string;
            /**
             * @description x of the subtitle area's top-left corner, in output video pixels, 0 to 8192; default 60
             * @default 60
             * @example 60
             */
            st_pos_x?: number;
            /**
             * @description y of the subtitle area's top-left corner, in output video pixels, 0 to 8192; default 900
             * @default 900
             * @example 900
             */
            st_pos_y?: number;
            /**
             * Format: rrggbb
             * @description subtitle text colour; default #ffffff, format #rrggbb
             * @example #ffffff
             */
            st_primary_color?: string;
            /**
             * @description subtitles: 1 = show, 0 = hide; default 0 (hidden)
             * @default 0
             * @example 1
             * @enum {integer}
             */
            st_show?: 0 | 1;
            /**
             * @description subtitle area width (the text wraps to it), in output video pixels, 10 to 8192; default 600
             * @default 600
             * @example 600
             */
            st_width?: number;
            /**
             * Format: plain-text
             * @description the text to speak; 1 to 10000 characters; HTML tags unsupported (refused with code 11); spoken in the language it is written in
             * @example Hello! This video was made by likeness from one line of text.
             */
            text: string;
            /**
             * @description work title; default 'Untitled'; at most 20 characters (a longer one is cut to its first 20 and reported in the x-likeness-contract header, or refused with code 11 when the server runs with LIKENESS_CONTRACT=strict)
             * @example Hello from likeness
             */
            title?: string;
            /**
             * @description uploaded video (file_id from POST /api/v2/svc/tool/create_upload_url) whose person speaks instead of an avatar (and, when voice is absent, in their own voice); when both it and avatar are sent, the video is used and avatar ignored
             * @example file_hc1lylhg8lr2gyxz19yqa4rx
             */
            video_file_id?: string;
            /**
             * @description where in the avatar's video the work starts, in milliseconds; default 0 (the beginning)
             * @example 0
             */
            video_start_msec?: number;
            /**
             * @description voice identifier: a public voice (GET /api/v2/svc/voice/list?kind=2, e.g. pub-en-james) or one you cloned (voice/list kind=1, or a voice task's result); required when video_file_id is absent
             * @example pub-en-james
             */
            voice?: string;
          };
        };
      };
      responses: {
        /** @description success, or a failure with a non-zero code */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description 0 on success; otherwise an error code from the Errors table (the operation description lists the codes it can answer)
               * @example 0
               */
              code: number;
              /**
               * @description error text on failure, saying what to fix; empty on success
               * @example
               */
              message: string;
              /**
               * @description request code, also in the x-request-id header and the logs; quote it when reporting a problem
               * @example req_50v38om4gfh91qgdbrhx7fyc
               */
              request_id: string;
              /**
               * @description identifier of the task this call started; poll GET /api/v2/svc/video/task?task_id=… for its status and result
               * @example t_716c4riwn7g7414hybkfs2gt
               */
              task_id: string;
            };
          };
        };
        /** @description authentication failure (code 2003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description always 2003 (invalid token)
               * @example 2003
               */
              code: number;
              /**
               * @description what is wrong with the Authorization header
               * @example missing token: send the header "Authorization: Bearer <API_TOKEN>"
               */
              message: string;
              /**
               * @description request code, also in the x-request-id header and the logs; quote it when reporting a problem
               * @example req_50v38om4gfh91qgdbrhx7fyc
               */
              request_id: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v2/svc/video/lively_templates': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Lively video templates
     * @description The templates of video/create_by_template, which ship with the service. All filters are optional and combine.
     *
     *     **Codes this operation answers** (in the body's `code`):
     *
     *     | code | meaning | HTTP |
     *     |---|---|---|
     *     | 0 | success | 200 |
     *     | 11 | incorrect parameter (the message names the parameter and the rule) | 200 |
     *     | 2003 | invalid token | 401 |
     *
     *     An unexpected server fault is HTTP 500 with code 99 and a generic message.
     */
    get: {
      parameters: {
        query?: {
          /**
           * @description a template identifier: when given, only that template is returned (whatever its type)
           * @example tpl-news-portrait
           */
          template?: string;
          /**
           * @description only templates with this tag (exact), e.g. news, vlog, product
           * @example news
           */
          tag?: string;
          /**
           * @description only templates whose title contains this text (any case)
           * @example 新闻
           */
          title?: string;
          /**
           * @description page number, from 1 to 1000000; default 1 (past the last page the list is empty)
           * @example 1
           */
          page?: number;
          /**
           * @description items per page, from 1 to 200; default 20
           * @example 20
           */
          size?: number;
          /**
           * @description picture orientation: 0 = portrait (default), 1 = landscape, 2 = square, 3 = original ratio
           * @example 0
           */
          type?: 0 | 1 | 2 | 3;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description success, or a failure with a non-zero code */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description 0 on success; otherwise an error code from the Errors table (the operation description lists the codes it can answer)
               * @example 0
               */
              code: number;
              /** @description the templates of this page */
              data: {
                /**
                 * @description cover image address (PNG; public, no token needed)
                 * @example http://127.0.0.1:3000/catalogue/templates/tpl-news-portrait/cover.png
                 */
                cover_url: string;
                /**
                 * @description sample video address (MP4; public, no token needed)
                 * @example http://127.0.0.1:3000/catalogue/templates/tpl-news-portrait/demo.mp4
                 */
                demo_url: string;
                /**
                 * @description template identifier; usable as the template parameter of video/create_by_template
                 * @example tpl-news-portrait
                 */
                template: string;
                /**
                 * @description template title
                 * @example 新闻播报 News Report
                 */
                title: string;
                /**
                 * @description picture orientation: 0 portrait, 1 landscape, 2 square, 3 original ratio
                 * @example 0
                 */
                type: number;
              }[];
              /**
               * @description error text on failure, saying what to fix; empty on success
               * @example
               */
              message: string;
              /**
               * @description request code, also in the x-request-id header and the logs; quote it when reporting a problem
               * @example req_50v38om4gfh91qgdbrhx7fyc
               */
              request_id: string;
              /**
               * @description how many templates match, over all pages
               * @example 1
               */
              total: number;
            };
          };
        };
        /** @description authentication failure (code 2003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description always 2003 (invalid token)
               * @example 2003
               */
              code: number;
              /**
               * @description what is wrong with the Authorization header
               * @example missing token: send the header "Authorization: Bearer <API_TOKEN>"
               */
              message: string;
              /**
               * @description request code, also in the x-request-id header and the logs; quote it when reporting a problem
               * @example req_50v38om4gfh91qgdbrhx7fyc
               */
              request_id: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v2/svc/video/task': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Work task result (videos and audio)
     * @description The status and result of a work: a video from any video operation, or the MP3 of audio/create_by_tts (its URL is in video_Url). Poll it (say every few seconds) until status is 3 or 4. Translation, singing and image-driven tasks return no duration.
     *
     *     **Codes this operation answers** (in the body's `code`):
     *
     *     | code | meaning | HTTP |
     *     |---|---|---|
     *     | 0 | success | 200 |
     *     | 11 | incorrect parameter (the message names the parameter and the rule) | 200 |
     *     | 14 | resource not found (or not yours) | 200 |
     *     | 2003 | invalid token | 401 |
     *
     *     An unexpected server fault is HTTP 500 with code 99 and a generic message.
     */
    get: {
      parameters: {
        query: {
          /**
           * @description task identifier, as returned by a video creation operation or audio/create_by_tts
           * @example t_716c4riwn7g7414hybkfs2gt
           */
          task_id: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description success, or a failure with a non-zero code */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description 0 on success; otherwise an error code from the Errors table (the operation description lists the codes it can answer)
               * @example 0
               */
              code: number;
              /**
               * @description length of the result in whole seconds (0 until completed); absent for translation, singing and image-driven tasks
               * @example 5
               */
              duration?: number;
              /**
               * @description only when status is 4: the error code of the failure (e.g. 2013 audio, 2014 video, 2015 avatar cloning, 2016 image, 99 server fault)
               * @example 2013
               */
              fail_code?: number;
              /**
               * @description only when status is 4: why it failed and what to change
               * @example could not fetch the audio: the server answered HTTP 404
               */
              fail_reason?: string;
              /**
               * @description error text on failure, saying what to fix; empty on success
               * @example
               */
              message: string;
              /**
               * @description percent done, 0 to 100 (100 once completed)
               * @example 100
               */
              progress: number;
              /**
               * @description request code, also in the x-request-id header and the logs; quote it when reporting a problem
               * @example req_50v38om4gfh91qgdbrhx7fyc
               */
              request_id: string;
              /**
               * @description task status: 1 = waiting: queued, not started yet; 2 = processing: being made (see progress); 3 = completed: the result fields are filled; 4 = failed: fail_code and fail_reason say why (reserved credits are refunded). Callbacks carry only 3 or 4.
               * @example 3
               * @enum {integer}
               */
              status: 1 | 2 | 3 | 4;
              /**
               * @description once completed: temporary signed address of the MP4 (or MP3), valid for at least 12 hours with the default settings; it carries query parameters, so keep them when downloading; GET it without the token and save the file promptly. Empty until then
               * @example http://127.0.0.1:3000/files/works/t_716c4riwn7g7414hybkfs2gt/video.mp4?exp=1767312000&sig=dGhpcyBpcyBhbiBleGFtcGxl
               */
              video_Url: string;
            };
          };
        };
        /** @description authentication failure (code 2003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description always 2003 (invalid token)
               * @example 2003
               */
              code: number;
              /**
               * @description what is wrong with the Authorization header
               * @example missing token: send the header "Authorization: Bearer <API_TOKEN>"
               */
              message: string;
              /**
               * @description request code, also in the x-request-id header and the logs; quote it when reporting a problem
               * @example req_50v38om4gfh91qgdbrhx7fyc
               */
              request_id: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    /**
     * Delete an ordinary video creation task
     * @description Not for translation, singing or image-driven tasks (refused with code 11). A finished task disappears; an unfinished one is cancelled, refunded in full, sends no callback, and disappears.
     *
     *     **Codes this operation answers** (in the body's `code`):
     *
     *     | code | meaning | HTTP |
     *     |---|---|---|
     *     | 0 | success | 200 |
     *     | 11 | incorrect parameter (the message names the parameter and the rule) | 200 |
     *     | 14 | resource not found (or not yours) | 200 |
     *     | 2003 | invalid token | 401 |
     *
     *     An unexpected server fault is HTTP 500 with code 99 and a generic message.
     */
    delete: {
      parameters: {
        query: {
          /**
           * @description task identifier, as returned by a video creation operation or audio/create_by_tts
           * @example t_716c4riwn7g7414hybkfs2gt
           */
          task_id: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description success, or a failure with a non-zero code */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description 0 on success; otherwise an error code from the Errors table (the operation description lists the codes it can answer)
               * @example 0
               */
              code: number;
              /**
               * @description error text on failure, saying what to fix; empty on success
               * @example
               */
              message: string;
              /**
               * @description request code, also in the x-request-id header and the logs; quote it when reporting a problem
               * @example req_50v38om4gfh91qgdbrhx7fyc
               */
              request_id: string;
            };
          };
        };
        /** @description authentication failure (code 2003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description always 2003 (invalid token)
               * @example 2003
               */
              code: number;
              /**
               * @description what is wrong with the Authorization header
               * @example missing token: send the header "Authorization: Bearer <API_TOKEN>"
               */
              message: string;
              /**
               * @description request code, also in the x-request-id header and the logs; quote it when reporting a problem
               * @example req_50v38om4gfh91qgdbrhx7fyc
               */
              request_id: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v2/svc/video/translate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Translate a video (credits)
     * @description Recognises the video's speech, translates it, speaks it in the speaker's cloned voice fitted to the original's timing, and re-renders the speaker's mouth. The target languages are this server's, from the translation engines it has: with Debian's Apertium and PocketSphinx, English speech into es (Spanish) and fr (French). An unsupported target_language_code is refused at once with code 11, whose message lists this server's set (so does `likeness doctor`). Upload the video first (POST /api/v2/svc/tool/create_upload_url). No callback is sent, and the task query returns no duration.
     *
     *     **Codes this operation answers** (in the body's `code`):
     *
     *     | code | meaning | HTTP |
     *     |---|---|---|
     *     | 0 | success | 200 |
     *     | 11 | incorrect parameter (the message names the parameter and the rule) | 200 |
     *     | 14 | resource not found (or not yours) | 200 |
     *     | 1001 | number of works being generated has reached the limit | 200 |
     *     | 1002 | insufficient credits | 200 |
     *     | 1005 | membership must be opened | 200 |
     *     | 1006 | membership level is not enough | 200 |
     *     | 1015 | number of submitted works has reached the limit (per day) | 200 |
     *     | 2003 | invalid token | 401 |
     *     | 2012 | file type not supported | 200 |
     *
     *     An unexpected server fault is HTTP 500 with code 99 and a generic message.
     *
     *     **When the task fails** (status 4), its task query gives the reason in `fail_code` and `fail_reason`:
     *
     *     | code | meaning |
     *     |---|---|
     *     | 1002 | insufficient credits |
     *     | 2014 | failed to obtain video resource |
     *     | 2015 | digital human (avatar) cloning failed |
     *     | 99 | unexpected server fault |
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "target_language_code": "es",
           *       "video_file_id": "file_hc1lylhg8lr2gyxz19yqa4rx"
           *     }
           */
          'application/json': {
            /**
             * @description the language to translate into (such as es, fr), any case; the set is this server's (code 11 lists it)
             * @example es
             */
            target_language_code: string;
            /**
             * @description uploaded video to translate (file_id from POST /api/v2/svc/tool/create_upload_url); at most 10 minutes
             * @example file_hc1lylhg8lr2gyxz19yqa4rx
             */
            video_file_id: string;
          };
        };
      };
      responses: {
        /** @description success, or a failure with a non-zero code */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description 0 on success; otherwise an error code from the Errors table (the operation description lists the codes it can answer)
               * @example 0
               */
              code: number;
              /**
               * @description error text on failure, saying what to fix; empty on success
               * @example
               */
              message: string;
              /**
               * @description request code, also in the x-request-id header and the logs; quote it when reporting a problem
               * @example req_50v38om4gfh91qgdbrhx7fyc
               */
              request_id: string;
              /**
               * @description identifier of the task this call started; poll GET /api/v2/svc/video/task?task_id=… for its status and result
               * @example t_716c4riwn7g7414hybkfs2gt
               */
              task_id: string;
            };
          };
        };
        /** @description authentication failure (code 2003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description always 2003 (invalid token)
               * @example 2003
               */
              code: number;
              /**
               * @description what is wrong with the Authorization header
               * @example missing token: send the header "Authorization: Bearer <API_TOKEN>"
               */
              message: string;
              /**
               * @description request code, also in the x-request-id header and the logs; quote it when reporting a problem
               * @example req_50v38om4gfh91qgdbrhx7fyc
               */
              request_id: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v2/svc/voice/create': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Clone a voice from an audio sample
     * @description Clones the voice of one person speaking in the sample. Poll GET /api/v2/svc/voice/task; the voice id and a demo are in its result.
     *
     *     **Codes this operation answers** (in the body's `code`):
     *
     *     | code | meaning | HTTP |
     *     |---|---|---|
     *     | 0 | success | 200 |
     *     | 11 | incorrect parameter (the message names the parameter and the rule) | 200 |
     *     | 14 | resource not found (or not yours) | 200 |
     *     | 1005 | membership must be opened | 200 |
     *     | 1006 | membership level is not enough | 200 |
     *     | 1009 | high-fidelity voice is sold out | 200 |
     *     | 1013 | number of voice clones has reached the limit | 200 |
     *     | 2003 | invalid token | 401 |
     *     | 2012 | file type not supported | 200 |
     *
     *     An unexpected server fault is HTTP 500 with code 99 and a generic message.
     *
     *     **When the task fails** (status 4), its task query gives the reason in `fail_code` and `fail_reason`:
     *
     *     | code | meaning |
     *     |---|---|
     *     | 1011 | voice is similar to a celebrity (a protected voice) |
     *     | 2011 | file size exceeds the limit |
     *     | 2012 | file type not supported |
     *     | 2013 | failed to obtain audio resource |
     *     | 99 | unexpected server fault |
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      /** @description Exactly one of audio_url/file_id. */
      requestBody: {
        content: {
          /**
           * @example {
           *       "audio_url": "https://example.com/media/voice-sample.wav",
           *       "languages": "en",
           *       "title": "My voice",
           *       "voice_type": 8
           *     }
           */
          'application/json': {
            /**
             * Format: http-url
             * @description the voice sample, one of audio_url/file_id: mp3, m4a or wav; at most 20 MB; 5 seconds to 3 minutes of one person speaking; an http(s) URL of at most 2048 characters, fetched by the server when the task runs (never from private or local addresses)
             * @example https://example.com/media/voice-sample.wav
             */
            audio_url?: string;
            /**
             * @description uploaded voice sample (file_id from POST /api/v2/svc/tool/create_upload_url), one of audio_url/file_id; same limits
             * @example file_0ntf7gsexx9fokp7fc4g0lz2
             */
            file_id?: string;
            /**
             * @description the sample's language; Mandarin (zh) when absent or empty; one of zh_cantonese, zh_sichuanese, zh_shanghainese, zh_tianjinese, zh_zhengzhounese, zh_wuhanese, zh, de, es, fr, en, jp, ko
             * @example en
             */
            languages?: string;
            /**
             * @description voice name (required, not empty); at most 20 characters (a longer one is cut to its first 20 and reported in the x-likeness-contract header, or refused with code 11 when the server runs with LIKENESS_CONTRACT=strict)
             * @example My voice
             */
            title: string;
            /**
             * @description only 8 (basic voice cloning V2) is accepted; 20 and 22 (high-fidelity) answer 1009 (sold out)
             * @example 8
             */
            voice_type: number;
          };
        };
      };
      responses: {
        /** @description success, or a failure with a non-zero code */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description 0 on success; otherwise an error code from the Errors table (the operation description lists the codes it can answer)
               * @example 0
               */
              code: number;
              /**
               * @description error text on failure, saying what to fix; empty on success
               * @example
               */
              message: string;
              /**
               * @description request code, also in the x-request-id header and the logs; quote it when reporting a problem
               * @example req_50v38om4gfh91qgdbrhx7fyc
               */
              request_id: string;
              /**
               * @description identifier of the task this call started; poll GET /api/v2/svc/voice/task?task_id=… for its status and result
               * @example t_716c4riwn7g7414hybkfs2gt
               */
              task_id: string;
            };
          };
        };
        /** @description authentication failure (code 2003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description always 2003 (invalid token)
               * @example 2003
               */
              code: number;
              /**
               * @description what is wrong with the Authorization header
               * @example missing token: send the header "Authorization: Bearer <API_TOKEN>"
               */
              message: string;
              /**
               * @description request code, also in the x-request-id header and the logs; quote it when reporting a problem
               * @example req_50v38om4gfh91qgdbrhx7fyc
               */
              request_id: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v2/svc/voice/edit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Edit a cloned voice's rate, volume and pitch
     * @description Sets the three multipliers applied whenever the voice speaks. Only your cloned voices can be edited (a public voice is refused with code 11), once their task has completed.
     *
     *     **Codes this operation answers** (in the body's `code`):
     *
     *     | code | meaning | HTTP |
     *     |---|---|---|
     *     | 0 | success | 200 |
     *     | 11 | incorrect parameter (the message names the parameter and the rule) | 200 |
     *     | 14 | resource not found (or not yours) | 200 |
     *     | 2003 | invalid token | 401 |
     *
     *     An unexpected server fault is HTTP 500 with code 99 and a generic message.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "pitch": "0.9",
           *       "rate": "1.2",
           *       "voice": "vo_1y3jyyd4ewww7f3sqhy347vs",
           *       "volume": "1.0"
           *     }
           */
          'application/json': {
            /**
             * Format: decimal
             * @description pitch: decimal text from 0.1 to 2.0, where "1.0" (the default) is unchanged
             * @example 0.9
             */
            pitch: string;
            /**
             * Format: decimal
             * @description speech rate: decimal text from 0.5 to 2.0, where "1.0" (the default) is unchanged
             * @example 1.2
             */
            rate: string;
            /**
             * @description identifier of one of your cloned voices (voice/list kind=1, or a voice task result)
             * @example vo_1y3jyyd4ewww7f3sqhy347vs
             */
            voice: string;
            /**
             * Format: decimal
             * @description volume: decimal text from 0.1 to 2.0, where "1.0" (the default) is unchanged
             * @example 1.0
             */
            volume: string;
          };
        };
      };
      responses: {
        /** @description success, or a failure with a non-zero code */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description 0 on success; otherwise an error code from the Errors table (the operation description lists the codes it can answer)
               * @example 0
               */
              code: number;
              /**
               * @description error text on failure, saying what to fix; empty on success
               * @example
               */
              message: string;
              /**
               * @description request code, also in the x-request-id header and the logs; quote it when reporting a problem
               * @example req_50v38om4gfh91qgdbrhx7fyc
               */
              request_id: string;
            };
          };
        };
        /** @description authentication failure (code 2003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description always 2003 (invalid token)
               * @example 2003
               */
              code: number;
              /**
               * @description what is wrong with the Authorization header
               * @example missing token: send the header "Authorization: Bearer <API_TOKEN>"
               */
              message: string;
              /**
               * @description request code, also in the x-request-id header and the logs; quote it when reporting a problem
               * @example req_50v38om4gfh91qgdbrhx7fyc
               */
              request_id: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v2/svc/voice/list': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List voices
     * @description Public voices (kind=2) ship with the service, at least two per language; use their `voice` ids in the speaking operations right away.
     *
     *     **Codes this operation answers** (in the body's `code`):
     *
     *     | code | meaning | HTTP |
     *     |---|---|---|
     *     | 0 | success | 200 |
     *     | 11 | incorrect parameter (the message names the parameter and the rule) | 200 |
     *     | 2003 | invalid token | 401 |
     *
     *     An unexpected server fault is HTTP 500 with code 99 and a generic message.
     */
    get: {
      parameters: {
        query?: {
          /**
           * @description page number, from 1 to 1000000; default 1 (past the last page the list is empty)
           * @example 1
           */
          page?: number;
          /**
           * @description items per page, from 1 to 300; default 20
           * @example 20
           */
          size?: number;
          /**
           * @description which voices: 1 = the caller's cloned voices, 2 = public voices; default 1
           * @example 2
           */
          kind?: 1 | 2;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description success, or a failure with a non-zero code */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description 0 on success; otherwise an error code from the Errors table (the operation description lists the codes it can answer)
               * @example 0
               */
              code: number;
              /** @description the voices of this page */
              data: {
                /**
                 * @description pitch: decimal text from 0.1 to 2.0, where "1.0" (the default) is unchanged
                 * @example 1.0
                 */
                pitch: string;
                /**
                 * @description speech rate: decimal text from 0.5 to 2.0, where "1.0" (the default) is unchanged
                 * @example 1.0
                 */
                rate: string;
                /**
                 * @description voice name
                 * @example James (English)
                 */
                title: string;
                /**
                 * @description 10 = public voice, 20 = high-fidelity voice V1, 22 = high-fidelity voice V2, 8 = basic voice V2
                 * @example 10
                 */
                type: number;
                /**
                 * @description voice identifier, usable as `voice` in the speaking operations
                 * @example pub-en-james
                 */
                voice: string;
                /**
                 * @description volume: decimal text from 0.1 to 2.0, where "1.0" (the default) is unchanged
                 * @example 1.0
                 */
                volume: string;
              }[];
              /**
               * @description error text on failure, saying what to fix; empty on success
               * @example
               */
              message: string;
              /**
               * @description request code, also in the x-request-id header and the logs; quote it when reporting a problem
               * @example req_50v38om4gfh91qgdbrhx7fyc
               */
              request_id: string;
            };
          };
        };
        /** @description authentication failure (code 2003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description always 2003 (invalid token)
               * @example 2003
               */
              code: number;
              /**
               * @description what is wrong with the Authorization header
               * @example missing token: send the header "Authorization: Bearer <API_TOKEN>"
               */
              message: string;
              /**
               * @description request code, also in the x-request-id header and the logs; quote it when reporting a problem
               * @example req_50v38om4gfh91qgdbrhx7fyc
               */
              request_id: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v2/svc/voice/task': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Voice task result
     * @description The status of a voice clone; once completed (status 3), `voice` is the new voice id and `demo_url` a sample of it. Poll it until status is 3 or 4.
     *
     *     **Codes this operation answers** (in the body's `code`):
     *
     *     | code | meaning | HTTP |
     *     |---|---|---|
     *     | 0 | success | 200 |
     *     | 11 | incorrect parameter (the message names the parameter and the rule) | 200 |
     *     | 14 | resource not found (or not yours) | 200 |
     *     | 2003 | invalid token | 401 |
     *
     *     An unexpected server fault is HTTP 500 with code 99 and a generic message.
     */
    get: {
      parameters: {
        query: {
          /**
           * @description task identifier, as returned by voice/create
           * @example t_716c4riwn7g7414hybkfs2gt
           */
          task_id: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description success, or a failure with a non-zero code */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description 0 on success; otherwise an error code from the Errors table (the operation description lists the codes it can answer)
               * @example 0
               */
              code: number;
              /**
               * @description once completed: temporary signed address of a demo MP3 in the cloned voice (GET it without the token); empty until then
               * @example http://127.0.0.1:3000/files/voices/vo_1y3jyyd4ewww7f3sqhy347vs/demo.mp3?exp=1767312000&sig=dGhpcyBpcyBhbiBleGFtcGxl
               */
              demo_url: string;
              /**
               * @description only when status is 4: the error code of the failure (e.g. 2013 audio, 2014 video, 2015 avatar cloning, 2016 image, 99 server fault)
               * @example 2013
               */
              fail_code?: number;
              /**
               * @description only when status is 4: why it failed and what to change
               * @example could not fetch the audio: the server answered HTTP 404
               */
              fail_reason?: string;
              /**
               * @description error text on failure, saying what to fix; empty on success
               * @example
               */
              message: string;
              /**
               * @description percent done, 0 to 100 (100 once completed)
               * @example 100
               */
              progress: number;
              /**
               * @description request code, also in the x-request-id header and the logs; quote it when reporting a problem
               * @example req_50v38om4gfh91qgdbrhx7fyc
               */
              request_id: string;
              /**
               * @description task status: 1 = waiting: queued, not started yet; 2 = processing: being made (see progress); 3 = completed: the result fields are filled; 4 = failed: fail_code and fail_reason say why (reserved credits are refunded). Callbacks carry only 3 or 4.
               * @example 3
               * @enum {integer}
               */
              status: 1 | 2 | 3 | 4;
              /**
               * @description once completed (status 3): the cloned voice identifier, for `voice` in the speaking operations; empty until then
               * @example vo_1y3jyyd4ewww7f3sqhy347vs
               */
              voice: string;
            };
          };
        };
        /** @description authentication failure (code 2003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * @description always 2003 (invalid token)
               * @example 2003
               */
              code: number;
              /**
               * @description what is wrong with the Authorization header
               * @example missing token: send the header "Authorization: Bearer <API_TOKEN>"
               */
              message: string;
              /**
               * @description request code, also in the x-request-id header and the logs; quote it when reporting a problem
               * @example req_50v38om4gfh91qgdbrhx7fyc
               */
              request_id: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: never;
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
