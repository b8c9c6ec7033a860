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
     * @description Clones a reusable avatar from an uploaded portrait image (file_id from create_upload_url).
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
          'application/json': {
            file_id: string;
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
              code: number;
              data: {
                asset: {
                  /** @description always 'avatar' */
                  category: string;
                  created_at: string;
                  /** @description avatar id; usable as `avatar` in the generation API */
                  id: string;
                  /** @description processing | ready | failed */
                  status: string;
                  title: string;
                };
                paid_plan_required: {
                  current_plan: string;
                  minimum_plan: string;
                  required: boolean;
                };
                task: {
                  credits: number;
                  id: string;
                  /** @description 1 waiting, 2 processing, 3 completed, 4 failed */
                  status: number;
                };
              };
              detail?: string;
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
    /** The caller's avatar assets, newest first */
    get: {
      parameters: {
        query?: {
          /** @description next_cursor of the previous page */
          cursor?: string;
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
              code: number;
              data: {
                items: {
                  /** @description always 'avatar' */
                  category: string;
                  created_at: string;
                  /** @description avatar id; usable as `avatar` in the generation API */
                  id: string;
                  /** @description processing | ready | failed */
                  status: string;
                  title: string;
                }[];
                /** @description empty when there are no more */
                next_cursor: string;
              };
              detail?: string;
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
    /** Credit balance */
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
              /** @description 0 on success; otherwise an error code from the Errors table */
              code: number;
              /** @description credit balance */
              left: number;
              /** @description error text on failure; empty on success */
              message: string;
              /** @description request code, also in the x-request-id header and the logs */
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
              /** @description 0 on success; otherwise an error code from the Errors table */
              code: number;
              /** @description error text on failure; empty on success */
              message: string;
              /** @description request code, also in the x-request-id header and the logs */
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
          'application/json': {
            /**
             * @description AIGC watermark: 0 = follow the account setting, 1 = enable, 2 = disable
             * @default 0
             */
            aigc_flag?: number;
            /**
             * Format: plain-text
             * @description at most 10000 characters; HTML tags unsupported
             */
            text: string;
            /** @description work title; default 'Untitled'; at most 20 characters (a longer one is cut to its first 20 and reported in the x-likeness-contract header, or refused with code 11 when the server runs with LIKENESS_CONTRACT=strict) */
            title?: string;
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
              /** @description 0 on success; otherwise an error code from the Errors table */
              code: number;
              /** @description error text on failure; empty on success */
              message: string;
              /** @description request code, also in the x-request-id header and the logs */
              request_id: string;
              /** @description task identifier */
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
              /** @description 0 on success; otherwise an error code from the Errors table */
              code: number;
              /** @description error text on failure; empty on success */
              message: string;
              /** @description request code, also in the x-request-id header and the logs */
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
    /** Delete one of the caller's own avatars */
    delete: {
      parameters: {
        query: {
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
              /** @description 0 on success; otherwise an error code from the Errors table */
              code: number;
              /** @description error text on failure; empty on success */
              message: string;
              /** @description request code, also in the x-request-id header and the logs */
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
              /** @description 0 on success; otherwise an error code from the Errors table */
              code: number;
              /** @description error text on failure; empty on success */
              message: string;
              /** @description request code, also in the x-request-id header and the logs */
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
    /** Create an avatar from an image (credits) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /**
             * @description AIGC watermark: 0 = follow the account setting, 1 = enable, 2 = disable
             * @default 0
             */
            aigc_flag?: number;
            /** @description uploaded image (one of image_url/file_id) */
            file_id?: string;
            /**
             * Format: http-url
             * @description image address (one of image_url/file_id)
             */
            image_url?: string;
            /**
             * @description 1 = video 2.0 (calm), 2 = video 2.1 (lively); default 2
             * @default 2
             * @enum {integer}
             */
            model?: 1 | 2;
            /** @description default 'Untitled' */
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
              /** @description 0 on success; otherwise an error code from the Errors table */
              code: number;
              /** @description error text on failure; empty on success */
              message: string;
              /** @description request code, also in the x-request-id header and the logs */
              request_id: string;
              /** @description task identifier */
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
              /** @description 0 on success; otherwise an error code from the Errors table */
              code: number;
              /** @description error text on failure; empty on success */
              message: string;
              /** @description request code, also in the x-request-id header and the logs */
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
     * @description MP4 or MOV, H.264, 360p to 4K, 5 s to 30 min, at most 500 MB. The same video_url gives the same avatar.
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
          'application/json': {
            /**
             * @description AIGC watermark: 0 = follow the account setting, 1 = enable, 2 = disable
             * @default 0
             */
            aigc_flag?: number;
            /** @description uploaded video (one of video_url/file_id) */
            file_id?: string;
            /** @description default 'Untitled' */
            title?: string;
            /**
             * Format: http-url
             * @description video address (one of video_url/file_id)
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
              /** @description 0 on success; otherwise an error code from the Errors table */
              code: number;
              /** @description error text on failure; empty on success */
              message: string;
              /** @description request code, also in the x-request-id header and the logs */
              request_id: string;
              /** @description task identifier */
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
              /** @description 0 on success; otherwise an error code from the Errors table */
              code: number;
              /** @description error text on failure; empty on success */
              message: string;
              /** @description request code, also in the x-request-id header and the logs */
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
    /** List avatars */
    get: {
      parameters: {
        query?: {
          /** @description page number, from 1 to 1000000 */
          page?: number;
          size?: number;
          /** @description 0 all (own first), 1 own, 2 public; default 2 */
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
              /** @description 0 on success; otherwise an error code from the Errors table */
              code: number;
              data: {
                /** @description avatar identifier */
                avatar: string;
                /** @description 1 = caller's own avatar, 2 = public avatar */
                kind: number;
                title: string;
              }[];
              /** @description error text on failure; empty on success */
              message: string;
              /** @description request code, also in the x-request-id header and the logs */
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
              /** @description 0 on success; otherwise an error code from the Errors table */
              code: number;
              /** @description error text on failure; empty on success */
              message: string;
              /** @description request code, also in the x-request-id header and the logs */
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
    /** Avatar task result */
    get: {
      parameters: {
        query: {
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
              /** @description avatar identifier once completed */
              avatar: string;
              /** @description 0 on success; otherwise an error code from the Errors table */
              code: number;
              /** @description once completed: the faces found in the source and which one speaks */
              face?: {
                /** @description width of the face that speaks, in source pixels */
                face_width_px: number;
                /** @description faces found in the source (the most in one frame); absent for avatars made before faces were counted */
                faces_found?: number;
                /** @description said when more than one face was found: which one speaks, and how to choose */
                notice?: string;
                /** @description where the face that speaks is, in source pixels */
                speaker?: {
                  height: number;
                  /** @description 'on the left', 'in the middle' or 'on the right' */
                  place: string;
                  width: number;
                  x: number;
                  y: number;
                };
              };
              /** @description when status is 4: the error code */
              fail_code?: number;
              /** @description when status is 4: why it failed */
              fail_reason?: string;
              /** @description error text on failure; empty on success */
              message: string;
              /** @description percent done */
              progress: number;
              /** @description request code, also in the x-request-id header and the logs */
              request_id: string;
              /** @description 1 waiting, 2 processing, 3 completed, 4 failed */
              status: number;
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
              /** @description 0 on success; otherwise an error code from the Errors table */
              code: number;
              /** @description error text on failure; empty on success */
              message: string;
              /** @description request code, also in the x-request-id header and the logs */
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
    /** Cover styles */
    get: {
      parameters: {
        query?: {
          /** @description page number, from 1 to 1000000 */
          page?: number;
          size?: number;
          /** @description third-party user id; required with an agent-platform token */
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
              /** @description 0 on success; otherwise an error code from the Errors table */
              code: number;
              data: {
                id: string;
                slots: unknown[];
                title: string;
                url: string;
              }[];
              /** @description error text on failure; empty on success */
              message: string;
              /** @description request code, also in the x-request-id header and the logs */
              request_id: string;
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
              /** @description 0 on success; otherwise an error code from the Errors table */
              code: number;
              /** @description error text on failure; empty on success */
              message: string;
              /** @description request code, also in the x-request-id header and the logs */
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
    /** Generate a cover image from a cover style */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            avatar?: string;
            /**
             * @default 9:16
             * @enum {string}
             */
            canvas_preset?: '9:16' | '3:4';
            content?: string;
            /**
             * @default jpg
             * @enum {string}
             */
            output_format?: 'jpg' | 'png';
            slots?: {
              label?: string;
              /** @description a longer value is refused with 11 (never cut) */
              max_length?: number;
              /** @description a shorter value is refused with 11 */
              min_length?: number;
              /** @description any name; a slot named like one of the style's text areas (or its label) goes there, the others fill the remaining areas in order */
              name?: string;
              /** @description rendered whole, or refused with 11 when it does not fit */
              value?: string;
            }[];
            svc_id?: string;
            /** @description cover style id */
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
              /** @description 0 on success; otherwise an error code from the Errors table */
              code: number;
              cover_id: string;
              /** @description error text on failure; empty on success */
              message: string;
              /** @description request code, also in the x-request-id header and the logs */
              request_id: string;
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
              /** @description 0 on success; otherwise an error code from the Errors table */
              code: number;
              /** @description error text on failure; empty on success */
              message: string;
              /** @description request code, also in the x-request-id header and the logs */
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
     * @description Returns a signed, expiring upload_url. PUT the file bytes there with Content-Type set to the returned content_type; then use file_id in other operations.
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
          'application/json': {
            /** @description e.g. mp4, mov, mp3, m4a, wav, jpg, png */
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
              /** @description 0 on success; otherwise an error code from the Errors table */
              code: number;
              content_type: string;
              file_id: string;
              /** @description error text on failure; empty on success */
              message: string;
              /** @description request code, also in the x-request-id header and the logs */
              request_id: string;
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
              /** @description 0 on success; otherwise an error code from the Errors table */
              code: number;
              /** @description error text on failure; empty on success */
              message: string;
              /** @description request code, also in the x-request-id header and the logs */
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
    /** Video driven by an audio file (credits) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /**
             * @description AIGC watermark: 0 = follow the account setting, 1 = enable, 2 = disable
             * @default 0
             */
            aigc_flag?: number;
            /**
             * Format: http-url
             * @description mp3, m4a, wav and similar; at most 100 MB; 5 s to 30 min
             */
            audio_url?: string;
            avatar?: string;
            /** @description uploaded audio (one of audio_url/file_id) */
            file_id?: string;
            /** @description model type; default '1.5' (the only one this server has) */
            pipeline?: string;
            /** @description work title; default 'Untitled'; at most 20 characters (a longer one is cut to its first 20 and reported in the x-likeness-contract header, or refused with code 11 when the server runs with LIKENESS_CONTRACT=strict) */
            title?: string;
            /** @description uploaded video used as the avatar */
            video_file_id?: string;
            /** @description start position in the avatar video, in milliseconds */
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
              /** @description 0 on success; otherwise an error code from the Errors table */
              code: number;
              /** @description error text on failure; empty on success */
              message: string;
              /** @description request code, also in the x-request-id header and the logs */
              request_id: string;
              /** @description task identifier */
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
              /** @description 0 on success; otherwise an error code from the Errors table */
              code: number;
              /** @description error text on failure; empty on success */
              message: string;
              /** @description request code, also in the x-request-id header and the logs */
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
    /** Talking video from a person image and text (credits) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description uploaded person image */
            image_file_id: string;
            /** @description 5 (model 4.0) or 6 (model 4.0 cartoon); 0 or absent = 5 */
            model?: number;
            /**
             * Format: plain-text
             * @description at most 10000 characters; HTML tags unsupported
             */
            text: string;
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
              /** @description 0 on success; otherwise an error code from the Errors table */
              code: number;
              /** @description error text on failure; empty on success */
              message: string;
              /** @description request code, also in the x-request-id header and the logs */
              request_id: string;
              /** @description task identifier */
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
              /** @description 0 on success; otherwise an error code from the Errors table */
              code: number;
              /** @description error text on failure; empty on success */
              message: string;
              /** @description request code, also in the x-request-id header and the logs */
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
    /** Singing video from a person image and a song (credits) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description uploaded song; at most 60 seconds */
            audio_file_id: string;
            /** @description uploaded person image */
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
              /** @description 0 on success; otherwise an error code from the Errors table */
              code: number;
              /** @description error text on failure; empty on success */
              message: string;
              /** @description request code, also in the x-request-id header and the logs */
              request_id: string;
              /** @description task identifier */
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
              /** @description 0 on success; otherwise an error code from the Errors table */
              code: number;
              /** @description error text on failure; empty on success */
              message: string;
              /** @description request code, also in the x-request-id header and the logs */
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
    /** Subtitled, titled video from text and a template (credits) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /**
             * @description AIGC watermark: 0 = follow the account setting, 1 = enable, 2 = disable
             * @default 0
             */
            aigc_flag?: number;
            /** @description ambient sound */
            ambience_file_id?: string;
            /** @description ambient sound target; 0 or absent = unspecified; N means -N LUFS */
            ambience_norm_lufs?: number;
            /** @description sound-effect and asset track target; 0 or absent = unspecified; N means -N LUFS */
            audio_assets_norm_lufs?: number;
            avatar?: string;
            /** @description background music */
            bgm_file_id?: string;
            /** @description background music target; 0 or absent = unspecified; N means -N LUFS */
            bgm_norm_lufs?: number;
            /** @description custom cover image */
            cover_file_id?: string;
            /** @description overall loudness target; 0 or absent = unspecified; N means -N LUFS */
            norm_lufs?: number;
            template: string;
            /**
             * Format: plain-text
             * @description at most 10000 characters; HTML tags unsupported
             */
            text: string;
            /** @description work title; default 'Untitled'; at most 20 characters (a longer one is cut to its first 20 and reported in the x-likeness-contract header, or refused with code 11 when the server runs with LIKENESS_CONTRACT=strict) */
            title?: string;
            /** @description uploaded video; can replace avatar and voice */
            video_file_id?: string;
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
              /** @description 0 on success; otherwise an error code from the Errors table */
              code: number;
              /** @description error text on failure; empty on success */
              message: string;
              /** @description request code, also in the x-request-id header and the logs */
              request_id: string;
              /** @description task identifier */
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
              /** @description 0 on success; otherwise an error code from the Errors table */
              code: number;
              /** @description error text on failure; empty on success */
              message: string;
              /** @description request code, also in the x-request-id header and the logs */
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
    /** Video driven by text (credits) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /**
             * @description AIGC watermark: 0 = follow the account setting, 1 = enable, 2 = disable
             * @default 0
             */
            aigc_flag?: number;
            avatar?: string;
            /** @description model type; default '1.5' (the only one this server has) */
            pipeline?: string;
            st_font_name?: string;
            /** @default 100 */
            st_font_size?: number;
            /** @default 100 */
            st_height?: number;
            /**
             * Format: rrggbb
             * @description colour, format #rrggbb
             */
            st_outline_color?: string;
            /** @default 60 */
            st_pos_x?: number;
            /** @default 900 */
            st_pos_y?: number;
            /**
             * Format: rrggbb
             * @description colour, format #rrggbb
             */
            st_primary_color?: string;
            /**
             * @description subtitles: 1 show, 0 hide (default 0)
             * @default 0
             * @enum {integer}
             */
            st_show?: 0 | 1;
            /** @default 600 */
            st_width?: number;
            /**
             * Format: plain-text
             * @description at most 10000 characters; HTML tags unsupported
             */
            text: string;
            /** @description work title; default 'Untitled'; at most 20 characters (a longer one is cut to its first 20 and reported in the x-likeness-contract header, or refused with code 11 when the server runs with LIKENESS_CONTRACT=strict) */
            title?: string;
            /** @description uploaded video; can replace avatar and voice */
            video_file_id?: string;
            /** @description start position in the avatar video, in milliseconds */
            video_start_msec?: number;
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
              /** @description 0 on success; otherwise an error code from the Errors table */
              code: number;
              /** @description error text on failure; empty on success */
              message: string;
              /** @description request code, also in the x-request-id header and the logs */
              request_id: string;
              /** @description task identifier */
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
              /** @description 0 on success; otherwise an error code from the Errors table */
              code: number;
              /** @description error text on failure; empty on success */
              message: string;
              /** @description request code, also in the x-request-id header and the logs */
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
    /** Lively video templates */
    get: {
      parameters: {
        query?: {
          template?: string;
          tag?: string;
          title?: string;
          /** @description page number, from 1 to 1000000 */
          page?: number;
          size?: number;
          /** @description 0 portrait, 1 landscape, 2 square, 3 original ratio */
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
              /** @description 0 on success; otherwise an error code from the Errors table */
              code: number;
              data: {
                cover_url: string;
                demo_url: string;
                template: string;
                title: string;
                type: number;
              }[];
              /** @description error text on failure; empty on success */
              message: string;
              /** @description request code, also in the x-request-id header and the logs */
              request_id: string;
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
              /** @description 0 on success; otherwise an error code from the Errors table */
              code: number;
              /** @description error text on failure; empty on success */
              message: string;
              /** @description request code, also in the x-request-id header and the logs */
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
     * @description Also answers for audio/create_by_tts tasks (the audio URL is in video_Url). Translation, singing and image-driven tasks return no duration.
     */
    get: {
      parameters: {
        query: {
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
              /** @description 0 on success; otherwise an error code from the Errors table */
              code: number;
              /** @description seconds */
              duration?: number;
              fail_code?: number;
              fail_reason?: string;
              /** @description error text on failure; empty on success */
              message: string;
              progress: number;
              /** @description request code, also in the x-request-id header and the logs */
              request_id: string;
              status: number;
              /** @description temporary signed address with query parameters; save the file promptly */
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
              /** @description 0 on success; otherwise an error code from the Errors table */
              code: number;
              /** @description error text on failure; empty on success */
              message: string;
              /** @description request code, also in the x-request-id header and the logs */
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
     * @description Not for translation, singing or image-driven tasks. An unfinished task is cancelled and refunded.
     */
    delete: {
      parameters: {
        query: {
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
              /** @description 0 on success; otherwise an error code from the Errors table */
              code: number;
              /** @description error text on failure; empty on success */
              message: string;
              /** @description request code, also in the x-request-id header and the logs */
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
              /** @description 0 on success; otherwise an error code from the Errors table */
              code: number;
              /** @description error text on failure; empty on success */
              message: string;
              /** @description request code, also in the x-request-id header and the logs */
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
     * @description Recognises the video's speech, translates it, speaks it in the speaker's cloned voice fitted to the original's timing, and re-renders the speaker's mouth. The target languages are this server's, from the translation engines it has: with Debian's Apertium and PocketSphinx, English speech into es (Spanish) and fr (French). An unsupported target_language_code is refused at once with code 11, whose message lists this server's set (so does `likeness doctor`).
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
          'application/json': {
            /** @description the language to translate into (such as es, fr); the set is this server's */
            target_language_code: string;
            /** @description uploaded video; at most 10 minutes */
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
              /** @description 0 on success; otherwise an error code from the Errors table */
              code: number;
              /** @description error text on failure; empty on success */
              message: string;
              /** @description request code, also in the x-request-id header and the logs */
              request_id: string;
              /** @description task identifier */
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
              /** @description 0 on success; otherwise an error code from the Errors table */
              code: number;
              /** @description error text on failure; empty on success */
              message: string;
              /** @description request code, also in the x-request-id header and the logs */
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
    /** Clone a voice from an audio sample */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /**
             * Format: http-url
             * @description mp3, m4a or wav; at most 20 MB; 5 s to 3 min
             */
            audio_url?: string;
            /** @description uploaded audio (one of audio_url/file_id) */
            file_id?: string;
            /** @description default Mandarin; one of zh_cantonese, zh_sichuanese, zh_shanghainese, zh_tianjinese, zh_zhengzhounese, zh_wuhanese, zh, de, es, fr, en, jp, ko */
            languages?: string;
            /** @description voice title; at most 20 characters (a longer one is cut to its first 20 and reported in the x-likeness-contract header, or refused with code 11 when the server runs with LIKENESS_CONTRACT=strict) */
            title: string;
            /** @description only 8 (basic voice cloning V2) is accepted */
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
              /** @description 0 on success; otherwise an error code from the Errors table */
              code: number;
              /** @description error text on failure; empty on success */
              message: string;
              /** @description request code, also in the x-request-id header and the logs */
              request_id: string;
              /** @description task identifier */
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
              /** @description 0 on success; otherwise an error code from the Errors table */
              code: number;
              /** @description error text on failure; empty on success */
              message: string;
              /** @description request code, also in the x-request-id header and the logs */
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
    /** Edit a cloned voice's rate, volume and pitch */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /**
             * Format: decimal
             * @description 0.1 to 2.0, e.g. "1.0"
             */
            pitch: string;
            /**
             * Format: decimal
             * @description 0.5 to 2.0, e.g. "1.0"
             */
            rate: string;
            voice: string;
            /**
             * Format: decimal
             * @description 0.1 to 2.0, e.g. "1.0"
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
              /** @description 0 on success; otherwise an error code from the Errors table */
              code: number;
              /** @description error text on failure; empty on success */
              message: string;
              /** @description request code, also in the x-request-id header and the logs */
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
              /** @description 0 on success; otherwise an error code from the Errors table */
              code: number;
              /** @description error text on failure; empty on success */
              message: string;
              /** @description request code, also in the x-request-id header and the logs */
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
    /** List voices */
    get: {
      parameters: {
        query?: {
          /** @description page number, from 1 to 1000000 */
          page?: number;
          size?: number;
          /** @description 1 the caller's cloned voices, 2 public voices */
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
              /** @description 0 on success; otherwise an error code from the Errors table */
              code: number;
              data: {
                pitch: string;
                rate: string;
                title: string;
                /** @description 10 public, 20 high-fidelity V1, 22 high-fidelity V2, 8 basic V2 */
                type: number;
                voice: string;
                volume: string;
              }[];
              /** @description error text on failure; empty on success */
              message: string;
              /** @description request code, also in the x-request-id header and the logs */
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
              /** @description 0 on success; otherwise an error code from the Errors table */
              code: number;
              /** @description error text on failure; empty on success */
              message: string;
              /** @description request code, also in the x-request-id header and the logs */
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
    /** Voice task result */
    get: {
      parameters: {
        query: {
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
              /** @description 0 on success; otherwise an error code from the Errors table */
              code: number;
              /** @description demo audio in the cloned voice */
              demo_url: string;
              fail_code?: number;
              fail_reason?: string;
              /** @description error text on failure; empty on success */
              message: string;
              progress: number;
              /** @description request code, also in the x-request-id header and the logs */
              request_id: string;
              status: number;
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
              /** @description 0 on success; otherwise an error code from the Errors table */
              code: number;
              /** @description error text on failure; empty on success */
              message: string;
              /** @description request code, also in the x-request-id header and the logs */
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
