# The reverse proxy of docker-compose.yml: Debian's nginx (the same package `npm run cluster` and the tests
# run), openssl for a self-signed certificate when none is mounted, envsubst to render deploy/nginx.conf.template.
FROM debian:bookworm-slim
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nginx openssl gettext-base ca-certificates \
 && rm -rf /var/lib/apt/lists/*
COPY deploy/nginx.conf.template /etc/dcs/nginx.conf.template
COPY deploy/proxy-entrypoint.sh /usr/local/bin/dcs-proxy
EXPOSE 80 443
ENTRYPOINT ["sh", "/usr/local/bin/dcs-proxy"]
