// Baseline for bench/api: a bare Fastify route answering a JSON of the same shape, no auth, no DB.
import Fastify from 'fastify';

const app = Fastify();
app.get(
  '/task',
  {
    schema: {
      response: {
        200: {
          type: 'object',
          properties: {
            code: { type: 'integer' },
            message: { type: 'string' },
            request_id: { type: 'string' },
            status: { type: 'integer' },
            video_Url: { type: 'string' },
            duration: { type: 'integer' },
            progress: { type: 'integer' },
          },
        },
      },
    },
  },
  async (req) => ({
    code: 0,
    message: '',
    request_id: String(req.id),
    status: 1,
    video_Url: '',
    duration: 0,
    progress: 0,
  }),
);
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
