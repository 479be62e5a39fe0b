import { constants } from 'node:fs'
import { access, mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import nodemailer, { type SendMailOptions } from 'nodemailer'
import type { Logger } from '../../ground/log.ts'
import { pruneOldFiles, removeDurably, writeFileDurably } from '../../ground/durable-files.ts'

/**
 * How mail goes out: the SMTP and .eml variants below, or a test's transport. Whatever a sender
 * keeps of the mail it sent (the .eml files) it also forgets and ages out itself, so nothing else
 * needs to know which sender it is.
 */
export interface MailSender {
  /** Resolves with the server's reply (or where the mail was written); rejects with the transport's error. */
  send(mail: SendMailOptions, messageId: string): Promise<string>
  /** Drop what the sender kept of a delivered message (the .eml file), when retention says so. */
  forget(messageId: string): Promise<void>
  /** Drop what the sender kept past its retention (RETENTION_DAYS); run with the queue's daily prune. */
  prune(): Promise<void>
  /** Whether mail can go out now: the SMTP server answers, or the .eml folder is writable. */
  verify(): Promise<void>
  close(): void
}

/** A sender that keeps nothing of what it sent (SMTP, a test's transport). */
const keepsNothing = { forget: async () => undefined, prune: async () => undefined }

/** Anything with nodemailer's sendMail, e.g. a transporter a test configured itself. */
export interface MailTransport {
  sendMail(mail: SendMailOptions): Promise<unknown>
  verify?(): Promise<unknown>
  close?(): void
}

export function senderFromTransport(transport: MailTransport): MailSender {
  return {
    async send(mail) {
      const info = (await transport.sendMail(mail)) as { response?: unknown } | undefined
      return typeof info?.response === 'string' ? info.response : 'accepted'
    },
    ...keepsNothing,
    verify: async () => {
      await transport.verify?.()
    },
    close: () => transport.close?.(),
  }
}

export function smtpSender(smtpUrl: string): MailSender {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    // A few long-lived connections shared by the worker's concurrent sends: one handshake per
    // connection instead of per mail. nodemailer still reports each mail's own reply.
    pool: true,
    maxConnections: 4,
    maxMessages: 500,
    // Fail fast: a stuck server would otherwise hold the queue for nodemailer's default minutes.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  })
  return senderFromTransport(transport)
}

/** Where the .eml sender writes and how long it keeps what it wrote. */
export interface EmlFolder {
  dir: string
  /** RETENTION_DAYS in milliseconds: 0 forgets each file as soon as its delivery is recorded. */
  retentionMs: number
  now: () => number
}

/**
 * No SMTP_URL: nodemailer's stream transport builds the exact message an SMTP server would get,
 * and we write it as <dir>/<outbox id>.eml (durably, so "sent" is as true as for SMTP). A re-send
 * of the same message overwrites the same file, so a crash cannot leave a duplicate here.
 */
export function emlFileSender({ dir, retentionMs, now }: EmlFolder, log: Logger): MailSender {
  // Streamed into its file as nodemailer builds it: a mail with a résumé is never held whole in memory.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: false, newline: 'windows' })
  return {
    async send(mail, messageId) {
      await mkdir(dir, { recursive: true, mode: 0o700 })
      const info = await transport.sendMail(mail)
      const path = await writeFileDurably(dir, `${messageId}.eml`, info.message as Readable)
      // The path names the message by its id only: no personal data in the log.
      log.info({ id: messageId, path }, 'no SMTP_URL set: mail written as an .eml file')
      return `written to ${path}`
    },
    async forget(messageId) {
      // RETENTION_DAYS=0: nothing of a delivered submission stays, its .eml file included.
      if (!(retentionMs > 0)) await removeDurably(join(dir, `${messageId}.eml`), dir)
    },
    async prune() {
      await pruneOldFiles(dir, retentionMs, now())
    },
    async verify() {
      await mkdir(dir, { recursive: true, mode: 0o700 })
      await access(dir, constants.W_OK)
    },
    close: () => transport.close(),
  }
}
