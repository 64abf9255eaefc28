#!/usr/bin/perl
# A second-language client of the published OpenAPI 3.0.3 document: Perl's OpenAPI::Client
# (Debian's libopenapi-client-perl) loads the document, signs up and reads the signed-in user
# by operationId, and checks each response against the document with JSON::Validator.
#
# Usage: sign-up-and-read-me.pl DOCUMENT_URL BASE_URL PROJECT_ID PUBLISHABLE_CLIENT_KEY EMAIL
# Prints one JSON line per step; exits 0 when every response matched the document, 1 when one
# did not (the validation errors are printed), 2 on any other failure.
use strict;
use warnings;
use Mojo::JSON qw(encode_json);
use OpenAPI::Client;

my ($document_url, $base_url, $project_id, $publishable_key, $email) = @ARGV;
die "usage: $0 DOCUMENT_URL BASE_URL PROJECT_ID PUBLISHABLE_CLIENT_KEY EMAIL\n" unless defined $email;

my $client = eval { OpenAPI::Client->new($document_url, base_url => $base_url) };
if (!$client) {
  print encode_json({step => 'load', error => "$@"}), "\n";
  exit 2;
}
print encode_json({step => 'load', operations => scalar(@{[$client->validator->routes->each]})}), "\n";

# The project headers are security schemes (apiKey in header), which the client does not fill
# in itself: every request gets them here, the access token once there is one.
my %headers = (
  'x-stack-project-id'             => $project_id,
  'x-stack-access-type'            => 'client',
  'x-stack-publishable-client-key' => $publishable_key,
);
$client->ua->on(start => sub {
  my (undef, $tx) = @_;
  $tx->req->headers->header($_ => $headers{$_}) for keys %headers;
});

# Sends one operation by operationId and checks its response against the document.
sub step {
  my ($operation_id, $method, $path, $expected_status, @arguments) = @_;
  my $tx = $client->call($operation_id, @arguments);
  my $status = $tx->res->code // 0;
  my @errors = $client->validator->validate_response(
    [$method, $path, $status],
    {
      body   => sub { return {exists => length($tx->res->body) > 0, value => $tx->res->json} },
      header => sub { my ($name) = @_; my $value = $tx->res->headers->header($name); return {exists => defined $value, value => $value} },
    },
  );
  my $body = $tx->res->json;
  print encode_json({step => $operation_id, status => $status, errors => [map {"$_"} @errors], body => $body}), "\n";
  if (@errors) {
    print STDERR "$operation_id: the response does not match the document: @errors\n";
    exit 1;
  }
  if ($status != $expected_status) {
    print STDERR "$operation_id: status $status, expected $expected_status\n";
    exit 2;
  }
  return $body;
}

my $signed_up = step(
  'signUpWithPassword', 'post', '/auth/password/sign-up', 200,
  {}, json => {email => $email, password => 'correct horse battery'},
);
$headers{'x-stack-access-token'} = $signed_up->{access_token};
my $me = step('getCurrentUser', 'get', '/users/me', 200, {});
if (($me->{id} // '') ne $signed_up->{user_id} || ($me->{primary_email} // '') ne $email) {
  print STDERR "getCurrentUser: answered another user\n";
  exit 2;
}
print encode_json({step => 'done', user_id => $me->{id}}), "\n";
exit 0;
