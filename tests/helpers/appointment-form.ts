import { formsConfig } from '../../blocks/form/forms-config'
import type { SiteForm } from '../../site/generated/site-config'

/**
 * A form of another business, declared in config only: a dental practice's booking with a date, a
 * list of treatments to tick and an optional note. Added to the forms the browser knows, so the
 * browser's and the server's checks run on a form with the inputs this company's forms lack.
 */
export const appointmentForm = {
  name: 'book-appointment',
  declaration: {
    submitLabel: 'Book',
    busyLabel: 'Booking...',
    successMessage: 'Booked: we will confirm by e-mail.',
    requiredAlert: 'Please fill in the required fields',
    unexpectedErrorMessage: 'Something went wrong.',
    fallbackMessage: 'Opening your email client...',
    fallbackSubject: 'Appointment: {name}',
    mail: { subject: 'Appointment request', subjectField: 'date' },
    fields: [
      { name: 'name', label: 'Name', input: 'text', required: true },
      { name: 'email', label: 'E-mail', input: 'email', required: true },
      { name: 'date', label: 'Preferred day', input: 'date', required: false },
      {
        name: 'treatments',
        label: 'Treatments',
        input: 'checkboxes',
        required: true,
        options: [
          { value: 'cleaning', label: 'Cleaning' },
          { value: 'whitening', label: 'Whitening' },
          { value: 'checkup', label: 'Check-up' },
        ],
      },
      { name: 'note', label: 'Note', input: 'textarea', required: false },
    ],
  } satisfies SiteForm,
}

formsConfig[appointmentForm.name] = appointmentForm.declaration

export const validAppointment = { name: 'Mira Sen', email: 'mira@example.org', date: '2026-12-01', treatments: ['cleaning', 'whitening'], note: 'Mornings, please.' }
