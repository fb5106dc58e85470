{{/*
Pod pieces shared by the service Deployments and the migration Jobs.
Context everywhere: dict "root" $ "name" <service key> "svc" <serviceValues>.
*/}}

{{/* Pod-level settings; the image already runs as uid 1000, this makes Kubernetes enforce it. */}}
{{- define "vrp.podSpec" -}}
# Services never call the Kubernetes API.
automountServiceAccountToken: false
# Docker-link variables (e.g. VRP_GATEWAY_PORT=tcp://...) could shadow real settings.
enableServiceLinks: false
securityContext:
  runAsNonRoot: true
  runAsUser: 1000
  runAsGroup: 1000
  seccompProfile:
    type: RuntimeDefault
{{- with .root.Values.image.pullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
volumes:
  # The only writable path under readOnlyRootFilesystem (npm/Prisma caches, temp files).
  - name: tmp
    emptyDir:
      sizeLimit: 64Mi
{{- with .svc.credentials }}
  # Certificates and keys read from files (their settings are paths).
  - name: credentials
    secret:
      secretName: {{ required (printf "secrets.%s.name is required (files of %s)" .secret $.name) (index $.root.Values.secrets .secret | default dict).name }}
{{- end }}
{{- end }}

{{- define "vrp.containerSecurityContext" -}}
runAsNonRoot: true
readOnlyRootFilesystem: true
allowPrivilegeEscalation: false
capabilities:
  drop: ["ALL"]
{{- end }}

{{/* Settings every service reads (and the migration Job, which loads the same config). */}}
{{- define "vrp.commonEnv" -}}
- name: VRP_ENV
  value: {{ .root.Values.environment | quote }}
- name: NATS_URL
  value: {{ .root.Values.nats.url | quote }}
{{- with .root.Values.events.stream }}
- name: EVENT_STREAM
  value: {{ . | quote }}
{{- end }}
{{- with .root.Values.events.subjectPrefix }}
- name: EVENT_SUBJECT_PREFIX
  value: {{ . | quote }}
{{- end }}
- name: EVENT_STREAM_REPLICAS
  value: {{ .root.Values.events.replicas | int | quote }}
- name: EVENT_STREAM_RETENTION
  value: {{ .root.Values.events.retention | quote }}
- name: EVENT_STREAM_MAX_AGE
  value: {{ .root.Values.events.maxAge | quote }}
- name: EVENT_STREAM_MAX_BYTES
  value: {{ .root.Values.events.maxBytes | int64 | quote }}
- name: LOG_LEVEL
  value: {{ .root.Values.logLevel | quote }}
{{- if .svc.database }}
{{- /* The service's own Secret when it names one (its own database), else its key in the shared one. */}}
{{- $own := .svc.databaseUrl | default dict }}
- name: DATABASE_URL
  valueFrom:
    secretKeyRef:
      name: {{ $own.secretName | default .root.Values.secrets.databaseUrls.name }}
      key: {{ if $own.secretName }}{{ $own.key | default "DATABASE_URL" }}{{ else }}{{ .name }}{{ end }}
{{- end }}
{{- end }}

{{/* The service's own settings: listen address and port, addresses of the services it calls, secrets, extra env. */}}
{{- define "vrp.serviceEnv" -}}
{{- $root := .root -}}
- name: {{ .svc.portEnv }}
  value: {{ .svc.port | int | quote }}
- name: METRICS_PORT
  value: {{ .svc.metricsPort | int | quote }}
- name: METRICS_HOST
  value: "0.0.0.0"
{{- with .svc.hostEnv }}
- name: {{ . }}
  value: "0.0.0.0"
{{- end }}
{{- range $callee := .svc.calls }}
{{- $target := index $root.Values.services $callee | default dict }}
{{- if not $target.urlEnv }}
{{- fail (printf "services.%s.calls names %q, which has no urlEnv in values.services" $.name $callee) }}
{{- end }}
- name: {{ $target.urlEnv }}
{{- if eq (include "vrp.enabled" (dict "root" $root "name" $callee)) "true" }}
  value: {{ printf "http://%s:%d" (include "vrp.componentName" (dict "root" $root "name" $callee)) ($target.port | int) | quote }}
{{- else }}
  value: {{ required (printf "services.%s is disabled, so services.%s.externalUrl must say where %s reaches it" $callee $callee $.name) $target.externalUrl | quote }}
{{- end }}
{{- end }}
{{- range $envName, $ref := .svc.secretEnv }}
{{- $secret := index $root.Values.secrets $ref | default dict }}
- name: {{ $envName }}
  valueFrom:
    secretKeyRef:
      name: {{ required (printf "secrets.%s.name is required (for %s)" $ref $envName) $secret.name }}
      key: {{ required (printf "secrets.%s.key is required (for %s)" $ref $envName) $secret.key }}
{{- end }}
{{- if and (eq .name "gateway") .root.Values.ingress.enabled (not (hasKey (.svc.env | default dict) "TRUST_PROXY")) }}
{{- /* Behind the Ingress every client arrives from the controller: X-Forwarded-For says who it is. */}}
- name: TRUST_PROXY
  value: {{ required "ingress.trustProxy is required with the Ingress: without it every client shares the ingress controller's address" .root.Values.ingress.trustProxy | toString | quote }}
{{- end }}
{{- if and (eq .name "gateway") (not (hasKey (.svc.env | default dict) "PUBLIC_BASE_URL")) }}
{{- /* Console invitation links point here, never at a request's Host (production refuses to start without it). */}}
{{- with include "vrp.publicBaseUrl" . }}
- name: PUBLIC_BASE_URL
  value: {{ . | quote }}
{{- end }}
{{- end }}
{{- if eq .name "bank-connector" }}
{{- include "vrp.bankEnv" . }}
{{- end }}
{{- if eq .name "model-bank" }}
{{- include "vrp.modelBankEnv" . }}
{{- end }}
{{- range $envName, $value := .svc.env }}
- name: {{ $envName }}
  value: {{ $value | toString | quote }}
{{- end }}
{{- end }}

{{/* The platform's public https address: bank.publicBaseUrl, else the Ingress's host; empty when neither is set. */}}
{{- define "vrp.publicBaseUrl" -}}
{{- if .root.Values.bank.publicBaseUrl }}{{ trimSuffix "/" .root.Values.bank.publicBaseUrl }}
{{- else if .root.Values.ingress.enabled }}{{ printf "https://%s" .root.Values.ingress.host }}
{{- end }}
{{- end }}

{{/* The model bank's issuer inside the cluster: its MODEL_BANK_ISSUER when set, else its Service on its port. */}}
{{- define "vrp.modelBankIssuer" -}}
{{- $mb := index .root.Values.services "model-bank" | default dict }}
{{- $env := $mb.env | default dict }}
{{- $env.MODEL_BANK_ISSUER | default (printf "https://%s:%d" (include "vrp.componentName" (dict "root" .root "name" "model-bank")) ($mb.port | int)) }}
{{- end }}

{{/*
The bank connector's bank settings (services/bank-connector/README.md): the bank from values.bank, the
platform's files from the mounted secrets.bankCredentials. Production requires each; in sandbox an
empty one falls back to the model bank of this release.
*/}}
{{- define "vrp.bankEnv" -}}
{{- $bank := .root.Values.bank }}
{{- $prod := eq .root.Values.environment "production" }}
{{- $model := eq (include "vrp.enabled" (dict "root" .root "name" "model-bank")) "true" }}
{{- $dir := .svc.credentials.mountPath }}
{{- $need := dict "issuer" "BANK_ISSUER" "apiUrl" "BANK_API_URL" "clientId" "BANK_CLIENT_ID" "signingKid" "BANK_SIGNING_KID" }}
{{- if $prod }}
{{- range $key, $setting := $need }}
{{- if not (index $bank $key) }}{{ fail (printf "bank.%s is required in production (%s: the bank the platform collects through)" $key $setting) }}{{ end }}
{{- end }}
{{- end }}
- name: BANK_ISSUER
  value: {{ $bank.issuer | default (ternary (include "vrp.modelBankIssuer" .) "" $model) | quote }}
{{- range $key, $setting := dict "apiUrl" "BANK_API_URL" "clientId" "BANK_CLIENT_ID" "signingKid" "BANK_SIGNING_KID" "signingIss" "BANK_SIGNING_ISS" "trustAnchor" "BANK_TRUST_ANCHOR" }}
{{- with index $bank $key }}
- name: {{ $setting }}
  value: {{ . | quote }}
{{- end }}
{{- end }}
- name: BANK_TRANSPORT_CERT
  value: {{ printf "%s/transport.pem" $dir | quote }}
- name: BANK_TRANSPORT_KEY
  value: {{ printf "%s/transport.key" $dir | quote }}
- name: BANK_SIGNING_KEY
  value: {{ printf "%s/signing.key" $dir | quote }}
- name: BANK_CA
  value: {{ printf "%s/ca.pem" $dir | quote }}
{{- $public := include "vrp.publicBaseUrl" . }}
{{- if and $prod (not (hasPrefix "https://" $public)) }}
{{- fail "bank.publicBaseUrl (or ingress.enabled with ingress.host) is required in production: an https address the bank sends customers and event notifications to" }}
{{- end }}
{{- with $public }}
- name: PUBLIC_BASE_URL
  value: {{ . | quote }}
{{- end }}
{{- if and $model (not $prod) }}
- name: BANK_BACK_OFFICE_TOKEN
  valueFrom:
    secretKeyRef:
      name: {{ .root.Values.secrets.modelBankCredentials.name }}
      key: back-office-token
{{- end }}
{{- end }}

{{/* The model bank's files (the mounted secrets.modelBankCredentials) and the platform as its one client. */}}
{{- define "vrp.modelBankEnv" -}}
{{- $dir := .svc.credentials.mountPath }}
{{- range $setting, $file := dict "MODEL_BANK_TLS_CERT" "bank-server.pem" "MODEL_BANK_TLS_KEY" "bank-server.key" "MODEL_BANK_CLIENT_CA" "ca.pem" "MODEL_BANK_SIGNING_KEY" "bank-signing.key" "MODEL_BANK_CLIENT_JWKS" "tpp-signing.jwks.json" }}
- name: {{ $setting }}
  value: {{ printf "%s/%s" $dir $file | quote }}
{{- end }}
{{- if not (hasKey (.svc.env | default dict) "MODEL_BANK_ISSUER") }}
- name: MODEL_BANK_ISSUER
  value: {{ include "vrp.modelBankIssuer" . | quote }}
{{- end }}
{{- with .root.Values.bank.clientId }}
- name: MODEL_BANK_CLIENT_ID
  value: {{ . | quote }}
{{- end }}
{{- with .root.Values.bank.trustAnchor }}
- name: MODEL_BANK_TRUST_ANCHOR
  value: {{ . | quote }}
{{- end }}
{{- with include "vrp.publicBaseUrl" . }}
- name: MODEL_BANK_CLIENT_REDIRECT_URIS
  value: {{ printf "%s/v1/bank/callback" . | quote }}
- name: MODEL_BANK_CLIENT_EVENT_URL
  value: {{ printf "%s/v1/bank/event-notifications" . | quote }}
{{- end }}
- name: MODEL_BANK_BACK_OFFICE_TOKEN
  valueFrom:
    secretKeyRef:
      name: {{ .root.Values.secrets.modelBankCredentials.name }}
      key: back-office-token
{{- end }}

{{/*
Startup gives a cold start up to a minute before liveness may restart the pod. Liveness answers
for the process alone and never looks at Postgres or NATS (HTTP: /healthz; gRPC: the health
service name "liveness"), so a dependency outage of any length restarts nothing. Readiness
answers for the dependencies (HTTP: /readyz; gRPC: the whole server, ""), so such an outage only
takes the pod out of its Service's endpoints until the dependency answers again.
*/}}
{{- define "vrp.probes" -}}
{{- if eq .svc.protocol "http" -}}
{{- $scheme := ternary "HTTPS" "HTTP" (.svc.tls | default false) }}
startupProbe:
  httpGet:
    path: /healthz
    port: http
    scheme: {{ $scheme }}
  periodSeconds: 2
  failureThreshold: 30
readinessProbe:
  httpGet:
    path: /readyz
    port: http
    scheme: {{ $scheme }}
  periodSeconds: 5
  failureThreshold: 2
livenessProbe:
  httpGet:
    path: /healthz
    port: http
    scheme: {{ $scheme }}
  periodSeconds: 10
  timeoutSeconds: 3
  failureThreshold: 6
{{- else -}}
startupProbe:
  grpc:
    port: {{ .svc.port | int }}
    service: liveness
  periodSeconds: 2
  failureThreshold: 30
readinessProbe:
  grpc:
    port: {{ .svc.port | int }}
  periodSeconds: 5
  failureThreshold: 2
livenessProbe:
  grpc:
    port: {{ .svc.port | int }}
    service: liveness
  periodSeconds: 10
  timeoutSeconds: 3
  failureThreshold: 6
{{- end }}
{{- end }}
