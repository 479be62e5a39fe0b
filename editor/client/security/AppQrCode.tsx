import { useEffect, useState } from 'react'
import QRCode from 'qrcode'

/**
 * The authenticator app's otpauth:// address as a QR code, drawn here in the browser: no outside
 * QR service sees the secret, and the server does not carry a QR library for one screen.
 */
export function AppQrCode({ uri }: { uri: string }) {
  const [svg, setSvg] = useState<string>()
  useEffect(() => {
    let current = true
    void QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }).then((drawn) => current && setSvg(drawn))
    return () => {
      current = false
    }
  }, [uri])
  // The SVG is the library's drawing of our own address: nothing a user typed goes into it.
  return <div aria-label="QR code for your authenticator app" role="img" style={{ width: 200 }} dangerouslySetInnerHTML={svg ? { __html: svg } : undefined} />
}
