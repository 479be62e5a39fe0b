import request from 'supertest'
import { createApp } from '../../../server/compose/app.ts'
import { createFormsService, type FormsServiceOptions } from '../../../server/compose/forms-service.ts'
import { memoryLog, type Logger } from '../../../ground/log.ts'
import { afterTest, temporaryDir, TEST_API_KEY } from './forms-test-app.ts'
import { makeTinyDist } from './tiny-site.ts'
import { shippedForms } from '../../helpers/shipped-forms.ts'

/**
 * The whole app over a tiny built site and the shipped forms on a disk outbox of its own, with
 * whatever `options` change; delivery is not started, and the forms stop after the test.
 */
export async function wholeApp(options: Partial<FormsServiceOptions> = {}, { metricsToken, log = memoryLog().log }: { metricsToken?: string; log?: Logger } = {}) {
  const forms = createFormsService({
    forms: shippedForms,
    outboxDir: await temporaryDir(),
    apiKey: TEST_API_KEY,
    mailFrom: 'Website forms <forms@example.com>',
    mailTo: ['sales@example.com'],
    rateLimitPerMinute: 1000,
    minSubmitMs: 0,
    log,
    ...options,
  })
  afterTest(() => forms.stop())
  const app = createApp({ distDir: makeTinyDist(), forms, log, metricsToken })
  return { app, forms, http: request(app.callback()) }
}
