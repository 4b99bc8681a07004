/**
 * The AudioWorkletProcessor of the microphone: the context's float samples (already at the
 * session's rate, see microphone.ts) become PCM s16le frames of 20 ms, posted to the page as
 * transferable ArrayBuffers with their peak level. It runs on the audio rendering thread.
 */
import { FRAME_MS, PCM_CAPTURE_PROCESSOR, writeS16le, type PcmFrame } from './pcm-format';

// The AudioWorkletGlobalScope (TypeScript has no lib for it).
declare const sampleRate: number;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}
declare function registerProcessor(name: string, processor: new () => AudioWorkletProcessor): void;

class PcmCaptureProcessor extends AudioWorkletProcessor {
  private readonly frameSamples = Math.round((sampleRate * FRAME_MS) / 1000);
  private frame = new DataView(new ArrayBuffer(this.frameSamples * 2));
  private filled = 0;
  private peak = 0;

  process(inputs: Float32Array[][]): boolean {
    // The node is set to one channel (channelCountMode "explicit"): the browser down-mixes.
    const samples = inputs[0]?.[0];
    if (!samples) return true;
    let read = 0;
    while (read < samples.length) {
      const count = Math.min(samples.length - read, this.frameSamples - this.filled);
      const part = samples.subarray(read, read + count);
      for (let i = 0; i < part.length; i++) this.peak = Math.max(this.peak, Math.abs(part[i]));
      writeS16le(part, this.frame, this.filled * 2);
      this.filled += count;
      read += count;
      if (this.filled === this.frameSamples) this.flush();
    }
    return true;
  }

  private flush(): void {
    const message: PcmFrame = {
      pcm: this.frame.buffer as ArrayBuffer,
      peak: Math.min(1, this.peak),
    };
    this.port.postMessage(message, [message.pcm]);
    this.frame = new DataView(new ArrayBuffer(this.frameSamples * 2));
    this.filled = 0;
    this.peak = 0;
  }
}

registerProcessor(PCM_CAPTURE_PROCESSOR, PcmCaptureProcessor);
