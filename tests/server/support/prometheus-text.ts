/** One sample of Prometheus' text format: `name{label="value",…} 12`. */
export interface Sample {
  name: string
  labels: Record<string, string>
  value: number
}

const SAMPLE_LINE = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/
const LABEL = /(\w+)="((?:[^"\\]|\\.)*)"/g

/** Every sample of a scrape, comments left out. */
export function parseSamples(text: string): Sample[] {
  return text.split('\n').flatMap((line) => {
    const match = SAMPLE_LINE.exec(line)
    if (!match) return []
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(LABEL)].map(([, name, value]) => [name!, value!.replace(/\\(.)/g, '$1')]))
    return [{ name: match[1]!, labels, value: Number(match[3]) }]
  })
}

/** The value of the one sample with this name and these labels (others may exist), or undefined. */
export function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  return samples.find((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value))?.value
}

/** The distinct values one label takes across the samples of a metric. */
export const labelValues = (samples: Sample[], name: string, label: string) => new Set(samples.filter((sample) => sample.name === name).map((sample) => sample.labels[label]))
