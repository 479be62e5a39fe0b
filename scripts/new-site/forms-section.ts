import type { FormField, SiteForm } from '../../site/generated/site-config.ts'

/** A form as the config is written: a field is optional unless it says `required`. */
type StarterForm = Omit<SiteForm, 'fields'> & { fields: Array<Omit<FormField, 'required'> & { required?: boolean }> }

/**
 * The forms section of a new site, the one place `npm run new-site` writes forms from: a contact
 * form (shown on /contact), in plain words a site owner rewrites. A site declares only the forms it
 * has; more are added the same way (docs/authoring.md, Forms).
 */
export function formsSection(): Record<string, StarterForm> {
  return {
    contact: {
      submitLabel: 'Send message',
      busyLabel: 'Sending...',
      successMessage: 'Thank you, your message is on its way. We will reply soon.',
      failureMessage: 'Your message could not be sent.',
      requiredAlert: 'Please fill in all required fields.',
      unexpectedErrorMessage: 'Something went wrong. Please try again, or write to us by e-mail.',
      fallbackMessage: 'Opening your e-mail program...',
      fallbackSubject: 'Message from {name}',
      mail: { subject: 'Contact form', subjectField: 'subject' },
      fields: [
        { name: 'name', label: 'Your name', input: 'text', required: true, autocomplete: 'name' },
        { name: 'email', label: 'E-mail address', input: 'email', required: true, placeholder: 'you@example.com', autocomplete: 'email' },
        { name: 'phone', label: 'Phone number', input: 'tel', autocomplete: 'tel' },
        {
          name: 'subject',
          label: 'Subject',
          input: 'select',
          required: true,
          placeholder: 'Choose a subject',
          options: [
            { value: 'general', label: 'A general question' },
            { value: 'services', label: 'What we offer' },
            { value: 'order', label: 'An order' },
          ],
        },
        { name: 'message', label: 'Message', input: 'textarea', required: true, rows: 5, placeholder: 'How can we help?' },
      ],
    },
  }
}
