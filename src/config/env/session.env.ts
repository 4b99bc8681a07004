import { Transform } from 'class-transformer';
import { IsIn, IsInt, Max, Min } from 'class-validator';
import { toInt, trimmed } from './env-values.js';
import { LlmEnv } from './llm.env.js';

/** Real-time sessions (WebSocket /ws). */
export class SessionEnv extends LlmEnv {
  /** Time a new connection has to send its handshake, in milliseconds (decisions §5.1). */
  @Transform(toInt)
  @IsInt()
  @Min(500)
  @Max(300_000)
  HANDSHAKE_TIMEOUT_MS: number = 10_000;

  /**
   * Interval of the server's WebSocket pings, in ms. A connection that has not answered the
   * previous ping by the next one is dropped (a half-open connection), and the traffic keeps
   * proxies with idle timeouts from cutting quiet sessions.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(600_000)
  WS_PING_INTERVAL_MS: number = 30_000;

  /** Live sessions at once; one more is refused with close code 1013 (try again later). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(10_000)
  SESSION_MAX_LIVE: number = 32;

  /** Largest WebSocket message a client may send, in bytes (larger: close code 1009). */
  @Transform(toInt)
  @IsInt()
  @Min(16_384)
  @Max(67_108_864)
  WS_MAX_MESSAGE_BYTES: number = 1_048_576;

  /**
   * Messages queued towards a client that does not read them, in bytes, past which the session is
   * closed (code 1008), so a stalled client cannot grow the server's memory without bound.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1_048_576)
  @Max(1_073_741_824)
  WS_MAX_BUFFERED_BYTES: number = 33_554_432;

  /** A session with no audio and no message for this long ends, without archive, in ms. */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(86_400_000)
  SESSION_IDLE_TIMEOUT_MS: number = 300_000;

  /** A session lasting this long ends (with its archive, as on conversation_exit), in ms. */
  @Transform(toInt)
  @IsInt()
  @Min(10_000)
  @Max(86_400_000)
  SESSION_MAX_DURATION_MS: number = 7_200_000;

  /** Sentences of one session processed at the same time; later ones wait their turn. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(16)
  SESSION_PIPELINE_CONCURRENCY: number = 2;

  /**
   * Sentences of one session waiting for a pipeline, past which the server stops reading the
   * client's audio (TCP backpressure) until the backlog shrinks.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000)
  SESSION_MAX_QUEUED_SENTENCES: number = 8;

  /** On conversation_exit, how long in-flight sentences may take to finish, in ms. */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(600_000)
  SESSION_DRAIN_TIMEOUT_MS: number = 60_000;

  /**
   * `on`: a sentence's work (translations, reformulation, speech) begins when its speaker pauses
   * (320 ms), so its results are ready when the sentence ends (640 ms); dropped if speech resumes.
   * `off`: the work begins at the end of the sentence.
   */
  @Transform(trimmed)
  @IsIn(['on', 'off'], { message: 'SESSION_WORK_AT_PAUSE must be on or off' })
  SESSION_WORK_AT_PAUSE: 'on' | 'off' = 'on';

  /**
   * `silence` (the interface's): a sentence ends after 640 ms of silence. `semantic`: it may end
   * at the speaker's 320 ms pause, when its transcript there reads as a finished turn (a question,
   * a finished statement, the recognizer's own full stop); otherwise the 640 ms apply. `semantic`
   * works from the transcript at the pause, so it also begins the work at the pause.
   */
  @Transform(trimmed)
  @IsIn(['silence', 'semantic'], { message: 'END_OF_TURN must be silence or semantic' })
  END_OF_TURN: 'silence' | 'semantic' = 'silence';
}
